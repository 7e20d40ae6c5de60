-- CreateEnum
CREATE TYPE "message_kind" AS ENUM ('card_issued', 'new_referral', 'lead_acknowledgement', 'reward_paid', 'bank_details_request');

-- CreateEnum
CREATE TYPE "message_status" AS ENUM ('unsent', 'queued', 'sent', 'failed');

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "contactedAt" TIMESTAMPTZ(3),
ADD COLUMN     "contactedBy" TEXT;

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "messageKindsOff" "message_kind"[] DEFAULT ARRAY[]::"message_kind"[];

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "kind" "message_kind" NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "toEmail" TEXT,
    "toName" TEXT,
    "subject" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "status" "message_status" NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "queuedAt" TIMESTAMPTZ(3),
    "nextAttemptAt" TIMESTAMPTZ(3),
    "lockedUntil" TIMESTAMPTZ(3),
    "sentAt" TIMESTAMPTZ(3),
    "clientId" UUID,
    "leadId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_opt_outs" (
    "email" TEXT NOT NULL,
    "kind" "message_kind" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_opt_outs_pkey" PRIMARY KEY ("email","kind")
);

-- CreateTable
CREATE TABLE "bank_details_requests" (
    "id" UUID NOT NULL,
    "clientId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "requestedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bank_details_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "messages_dedupeKey_key" ON "messages"("dedupeKey");

-- CreateIndex
CREATE INDEX "messages_status_nextAttemptAt_idx" ON "messages"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "messages_createdAt_id_idx" ON "messages"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "messages_clientId_idx" ON "messages"("clientId");

-- CreateIndex
CREATE INDEX "messages_leadId_idx" ON "messages"("leadId");

-- CreateIndex
CREATE UNIQUE INDEX "bank_details_requests_tokenHash_key" ON "bank_details_requests"("tokenHash");

-- CreateIndex
CREATE INDEX "bank_details_requests_clientId_idx" ON "bank_details_requests"("clientId");

-- CreateIndex
CREATE INDEX "leads_contactedAt_createdAt_id_idx" ON "leads"("contactedAt", "createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "bank_details_requests" ADD CONSTRAINT "bank_details_requests_clientId_fkey" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Leads whose referral staff already moved on (In Progress, Story Started) were handled before the inbox
-- existed: they start out contacted, so the inbox opens with the leads still waiting.
UPDATE "leads" l SET "contactedAt" = r."updatedAt", "contactedBy" = 'before the inbox'
FROM (SELECT "leadId", max("updatedAt") AS "updatedAt" FROM "referrals" WHERE "status" <> 'pending' GROUP BY "leadId") r
WHERE r."leadId" = l."id" AND l."contactedAt" IS NULL;
