-- Issue 34: the integration API's keys (hashed, revocable) and the Dentally connection: its token (encrypted) and site
-- in settings, and the state of its sync in one row.
-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "dentallySiteId" TEXT,
ADD COLUMN     "dentallyTokenEncrypted" TEXT;

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "revokedBy" TEXT,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dentally_sync" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "cursor" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'never',
    "lastError" TEXT,
    "lastStartedAt" TIMESTAMPTZ(3),
    "lastFinishedAt" TIMESTAMPTZ(3),
    "retryAfter" TIMESTAMPTZ(3),
    "lastRead" INTEGER NOT NULL DEFAULT 0,
    "lastNew" INTEGER NOT NULL DEFAULT 0,
    "lastMatched" INTEGER NOT NULL DEFAULT 0,
    "lastProposed" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "dentally_sync_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_keyHash_key" ON "api_keys"("keyHash");

-- CreateIndex
CREATE INDEX "api_keys_createdAt_idx" ON "api_keys"("createdAt" DESC);
ALTER TABLE "dentally_sync" ADD CONSTRAINT "dentally_sync_one_row" CHECK ("id" = 1);
