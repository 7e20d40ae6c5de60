-- Issue 34: practice records (new patients, completed appointments, payments from the practice's own system) and
-- the matches proposed from them to open referrals; leads are found by phone and by name as well as by email.
-- AlterEnum
ALTER TYPE "payment_audit_action" ADD VALUE 'story_started';

-- CreateEnum
CREATE TYPE "practice_record_kind" AS ENUM ('first_visit', 'treatment_started', 'payment');

-- CreateEnum
CREATE TYPE "practice_match_status" AS ENUM ('proposed', 'confirmed', 'rejected');

-- CreateEnum
CREATE TYPE "practice_match_confidence" AS ENUM ('high', 'low');

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "autoConfirmHighMatches" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "practice_records" (
    "id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "externalEventId" TEXT NOT NULL,
    "externalPatientId" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "eventDate" DATE NOT NULL,
    "kind" "practice_record_kind" NOT NULL,
    "via" TEXT NOT NULL,
    "matchedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "practice_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "practice_matches" (
    "id" UUID NOT NULL,
    "recordId" UUID NOT NULL,
    "referralId" UUID NOT NULL,
    "confidence" "practice_match_confidence" NOT NULL,
    "reasons" TEXT[],
    "status" "practice_match_status" NOT NULL DEFAULT 'proposed',
    "decidedBy" TEXT,
    "decidedAt" TIMESTAMPTZ(3),
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "practice_matches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "practice_records_matchedAt_createdAt_idx" ON "practice_records"("matchedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "practice_records_source_externalEventId_key" ON "practice_records"("source", "externalEventId");

-- CreateIndex
CREATE INDEX "practice_matches_status_createdAt_id_idx" ON "practice_matches"("status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "practice_matches_referralId_idx" ON "practice_matches"("referralId");

-- CreateIndex
CREATE UNIQUE INDEX "practice_matches_recordId_referralId_key" ON "practice_matches"("recordId", "referralId");

-- CreateIndex
CREATE INDEX "leads_phone_idx" ON "leads"("phone");

-- AddForeignKey
ALTER TABLE "practice_matches" ADD CONSTRAINT "practice_matches_recordId_fkey" FOREIGN KEY ("recordId") REFERENCES "practice_records"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "practice_matches" ADD CONSTRAINT "practice_matches_referralId_fkey" FOREIGN KEY ("referralId") REFERENCES "referrals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: practice records are matched by the friend's full name too (a low-confidence match), read from
-- this index rather than every lead. lib/services/practice/candidates.ts writes the same expressions.
CREATE INDEX "leads_name_lower_idx" ON "leads" (lower("lastName"), lower("firstName"));
