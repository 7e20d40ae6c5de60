-- CreateEnum
CREATE TYPE "backup_reason" AS ENUM ('manual', 'daily', 'pre-migration', 'pre-restore');

-- CreateEnum
CREATE TYPE "backup_run_status" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "backup_runs" (
    "id" UUID NOT NULL,
    "reason" "backup_reason" NOT NULL,
    "status" "backup_run_status" NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),
    "fileName" TEXT,
    "bytes" BIGINT,
    "encrypted" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,

    CONSTRAINT "backup_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "backup_runs_startedAt_idx" ON "backup_runs"("startedAt" DESC);

-- CreateIndex
CREATE INDEX "backup_runs_status_startedAt_idx" ON "backup_runs"("status", "startedAt" DESC);
