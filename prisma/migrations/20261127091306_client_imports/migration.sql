-- CreateEnum
CREATE TYPE "client_import_status" AS ENUM ('preview', 'running', 'done', 'failed', 'cancelled', 'undone');

-- CreateEnum
CREATE TYPE "client_import_row_outcome" AS ENUM ('add', 'existing', 'duplicate', 'error');

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "externalId" TEXT,
ADD COLUMN     "importId" UUID,
ADD COLUMN     "marketingConsent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "marketingConsentAt" TIMESTAMPTZ(3),
ADD COLUMN     "marketingConsentSource" TEXT;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "cardSendsPerHour" INTEGER NOT NULL DEFAULT 500,
ADD COLUMN     "importMapping" JSONB,
ADD COLUMN     "softOptInReliedOnAt" TIMESTAMPTZ(3),
ADD COLUMN     "softOptInReliedOnBy" TEXT;

-- CreateTable
CREATE TABLE "client_imports" (
    "id" UUID NOT NULL,
    "status" "client_import_status" NOT NULL DEFAULT 'preview',
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "encoding" TEXT,
    "delimiter" TEXT,
    "headers" TEXT[],
    "mapping" JSONB NOT NULL,
    "updateExisting" BOOLEAN NOT NULL DEFAULT false,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "toAddCount" INTEGER NOT NULL DEFAULT 0,
    "existingCount" INTEGER NOT NULL DEFAULT 0,
    "duplicateCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "processedCount" INTEGER NOT NULL DEFAULT 0,
    "addedCount" INTEGER NOT NULL DEFAULT 0,
    "updatedCount" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMPTZ(3),
    "startedBy" TEXT,
    "finishedAt" TIMESTAMPTZ(3),
    "cancelledAt" TIMESTAMPTZ(3),
    "cancelledBy" TEXT,
    "undoneAt" TIMESTAMPTZ(3),
    "undoneBy" TEXT,
    "undoRemovedCount" INTEGER,
    "undoKeptCount" INTEGER,
    "cardsRequestedAt" TIMESTAMPTZ(3),
    "cardsRequestedBy" TEXT,
    "cardsQueuedCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "client_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_import_rows" (
    "importId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "cells" TEXT[],
    "outcome" "client_import_row_outcome" NOT NULL,
    "problems" JSONB,
    "clientId" UUID,
    "doneAt" TIMESTAMPTZ(3),

    CONSTRAINT "client_import_rows_pkey" PRIMARY KEY ("importId","rowNumber")
);

-- CreateIndex
CREATE INDEX "client_imports_createdAt_id_idx" ON "client_imports"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "client_imports_status_idx" ON "client_imports"("status");

-- CreateIndex
CREATE INDEX "client_import_rows_importId_outcome_rowNumber_idx" ON "client_import_rows"("importId", "outcome", "rowNumber");

-- CreateIndex
CREATE INDEX "clients_importId_idx" ON "clients"("importId");

-- CreateIndex
CREATE INDEX "clients_externalId_idx" ON "clients"("externalId");

-- AddForeignKey
ALTER TABLE "clients" ADD CONSTRAINT "clients_importId_fkey" FOREIGN KEY ("importId") REFERENCES "client_imports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_importId_fkey" FOREIGN KEY ("importId") REFERENCES "client_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
