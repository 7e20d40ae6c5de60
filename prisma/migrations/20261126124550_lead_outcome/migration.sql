-- CreateEnum
CREATE TYPE "lead_outcome" AS ENUM ('contacted', 'no-answer', 'booked', 'not-interested');

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "outcome" "lead_outcome",
ADD COLUMN     "outcomeAt" TIMESTAMPTZ(3),
ADD COLUMN     "outcomeBy" TEXT,
ADD COLUMN     "outcomeNote" TEXT;

-- CreateTable
CREATE TABLE "lead_outcome_changes" (
    "id" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "fromOutcome" "lead_outcome",
    "toOutcome" "lead_outcome",
    "note" TEXT,
    "performedById" UUID,
    "performedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_outcome_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_outcome_changes_leadId_createdAt_idx" ON "lead_outcome_changes"("leadId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "lead_outcome_changes" ADD CONSTRAINT "lead_outcome_changes_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Leads marked contacted before outcomes existed were reached: their outcome is 'contacted', by the same person
-- at the same time (contactedAt keeps its meaning: when the friend was first reached).
UPDATE "leads" SET "outcome" = 'contacted', "outcomeAt" = "contactedAt", "outcomeBy" = "contactedBy"
WHERE "contactedAt" IS NOT NULL;
