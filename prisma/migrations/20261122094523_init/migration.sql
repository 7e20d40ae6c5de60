-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "treatment_interest" AS ENUM ('replace-missing-teeth', 'improve-my-smile', 'healthy-pain-free-mouth', 'facial-aesthetic-treatments');

-- CreateEnum
CREATE TYPE "referral_status" AS ENUM ('pending', 'In Progress', 'Payment Due');

-- CreateEnum
CREATE TYPE "payment_audit_action" AS ENUM ('payment_marked', 'payment_undone');

-- CreateEnum
CREATE TYPE "review_platform" AS ENUM ('google', 'trustpilot');

-- CreateEnum
CREATE TYPE "scan_status" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "team_bonus_action" AS ENUM ('bonus_paid', 'bonus_undone');

-- CreateTable
CREATE TABLE "staff_users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "isFullAdmin" BOOLEAN NOT NULL DEFAULT false,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_events" (
    "id" BIGSERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_limit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "referralRewardPence" INTEGER NOT NULL DEFAULT 20000,
    "teamBonusPence" INTEGER NOT NULL DEFAULT 1000,
    "googleReviewLink" TEXT,
    "trustpilotReviewLink" TEXT,
    "offerLink" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" TEXT,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clients" (
    "id" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "cardNumber" TEXT NOT NULL,
    "inviteToken" TEXT NOT NULL,
    "brandedSlug" TEXT,
    "affiliateCompany" TEXT,
    "sortCodeEnc" TEXT,
    "accountNumberEnc" TEXT,
    "bacsRequested" BOOLEAN NOT NULL DEFAULT false,
    "bacsRequestedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "leads" (
    "id" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "treatmentInterest" "treatment_interest",
    "source" TEXT NOT NULL DEFAULT 'qr_referral',
    "recommendedBy" TEXT,
    "referrerId" UUID,
    "isSelfReferral" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "referrals" (
    "id" UUID NOT NULL,
    "referrerId" UUID NOT NULL,
    "leadId" UUID NOT NULL,
    "status" "referral_status" NOT NULL DEFAULT 'pending',
    "rewardPence" INTEGER,
    "rewardPaid" BOOLEAN NOT NULL DEFAULT false,
    "paidAt" TIMESTAMPTZ(3),
    "convertedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "referrals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_audit_entries" (
    "id" UUID NOT NULL,
    "action" "payment_audit_action" NOT NULL,
    "referralId" UUID,
    "clientId" UUID,
    "clientName" TEXT NOT NULL,
    "referralName" TEXT NOT NULL,
    "amountPence" INTEGER NOT NULL,
    "performedById" UUID,
    "performedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_members" (
    "id" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_reviews" (
    "id" UUID NOT NULL,
    "teamMemberId" UUID NOT NULL,
    "reviewerName" TEXT NOT NULL,
    "reviewDate" DATE NOT NULL,
    "platform" "review_platform" NOT NULL,
    "bonusPence" INTEGER NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),
    "verifiedBy" TEXT,
    "paidAt" TIMESTAMPTZ(3),
    "scanId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_scans" (
    "id" UUID NOT NULL,
    "teamMemberId" UUID NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userAgent" TEXT,
    "isUniqueVisitor" BOOLEAN NOT NULL DEFAULT false,
    "status" "scan_status" NOT NULL DEFAULT 'pending',
    "resolvedAt" TIMESTAMPTZ(3),
    "resolvedBy" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_scans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_platform_choices" (
    "id" UUID NOT NULL,
    "teamMemberId" UUID NOT NULL,
    "platform" "review_platform" NOT NULL,
    "sessionId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_platform_choices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_bonus_payments" (
    "id" UUID NOT NULL,
    "action" "team_bonus_action" NOT NULL,
    "teamReviewId" UUID,
    "teamMemberId" UUID,
    "memberName" TEXT NOT NULL,
    "reviewerName" TEXT NOT NULL,
    "amountPence" INTEGER NOT NULL,
    "performedById" UUID,
    "performedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_bonus_payments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users"("email");

-- CreateIndex
CREATE INDEX "rate_limit_events_key_createdAt_idx" ON "rate_limit_events"("key", "createdAt");

-- CreateIndex
CREATE INDEX "rate_limit_events_createdAt_idx" ON "rate_limit_events"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "clients_email_key" ON "clients"("email");

-- CreateIndex
CREATE UNIQUE INDEX "clients_cardNumber_key" ON "clients"("cardNumber");

-- CreateIndex
CREATE UNIQUE INDEX "clients_inviteToken_key" ON "clients"("inviteToken");

-- CreateIndex
CREATE UNIQUE INDEX "clients_brandedSlug_key" ON "clients"("brandedSlug");

-- CreateIndex
CREATE INDEX "clients_lastName_firstName_idx" ON "clients"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "clients_createdAt_idx" ON "clients"("createdAt");

-- CreateIndex
CREATE INDEX "leads_email_idx" ON "leads"("email");

-- CreateIndex
CREATE INDEX "leads_createdAt_idx" ON "leads"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "leads_referrerId_email_key" ON "leads"("referrerId", "email");

-- CreateIndex
CREATE INDEX "referrals_leadId_idx" ON "referrals"("leadId");

-- CreateIndex
CREATE INDEX "referrals_status_rewardPaid_convertedAt_idx" ON "referrals"("status", "rewardPaid", "convertedAt");

-- CreateIndex
CREATE INDEX "referrals_convertedAt_idx" ON "referrals"("convertedAt");

-- CreateIndex
CREATE UNIQUE INDEX "referrals_referrerId_leadId_key" ON "referrals"("referrerId", "leadId");

-- CreateIndex
CREATE INDEX "payment_audit_entries_createdAt_id_idx" ON "payment_audit_entries"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "payment_audit_entries_referralId_idx" ON "payment_audit_entries"("referralId");

-- CreateIndex
CREATE UNIQUE INDEX "team_members_code_key" ON "team_members"("code");

-- CreateIndex
CREATE UNIQUE INDEX "team_reviews_scanId_key" ON "team_reviews"("scanId");

-- CreateIndex
CREATE INDEX "team_reviews_teamMemberId_reviewDate_idx" ON "team_reviews"("teamMemberId", "reviewDate");

-- CreateIndex
CREATE INDEX "team_reviews_reviewDate_idx" ON "team_reviews"("reviewDate");

-- CreateIndex
CREATE INDEX "review_scans_teamMemberId_createdAt_idx" ON "review_scans"("teamMemberId", "createdAt");

-- CreateIndex
CREATE INDEX "review_scans_status_createdAt_idx" ON "review_scans"("status", "createdAt");

-- CreateIndex
CREATE INDEX "review_platform_choices_teamMemberId_createdAt_idx" ON "review_platform_choices"("teamMemberId", "createdAt");

-- CreateIndex
CREATE INDEX "team_bonus_payments_createdAt_id_idx" ON "team_bonus_payments"("createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_referrerId_fkey" FOREIGN KEY ("referrerId") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrerId_fkey" FOREIGN KEY ("referrerId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_reviews" ADD CONSTRAINT "team_reviews_teamMemberId_fkey" FOREIGN KEY ("teamMemberId") REFERENCES "team_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_reviews" ADD CONSTRAINT "team_reviews_scanId_fkey" FOREIGN KEY ("scanId") REFERENCES "review_scans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_scans" ADD CONSTRAINT "review_scans_teamMemberId_fkey" FOREIGN KEY ("teamMemberId") REFERENCES "team_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_platform_choices" ADD CONSTRAINT "review_platform_choices_teamMemberId_fkey" FOREIGN KEY ("teamMemberId") REFERENCES "team_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: rules Prisma's schema language cannot express (Prisma's diff leaves check constraints alone).
-- Emails are stored lower-cased, which makes their unique indexes case-insensitive.
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "clients" ADD CONSTRAINT "clients_email_lower" CHECK ("email" = lower("email"));
ALTER TABLE "leads" ADD CONSTRAINT "leads_email_lower" CHECK ("email" = lower("email"));
-- Settings is a single row.
ALTER TABLE "settings" ADD CONSTRAINT "settings_single_row" CHECK ("id" = 1);
-- Money is never negative, and the settings amounts are at least a penny.
ALTER TABLE "settings" ADD CONSTRAINT "settings_amounts_positive" CHECK ("referralRewardPence" > 0 AND "teamBonusPence" > 0);
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_not_negative" CHECK ("rewardPence" IS NULL OR "rewardPence" >= 0);
ALTER TABLE "payment_audit_entries" ADD CONSTRAINT "payment_audit_amount_not_negative" CHECK ("amountPence" >= 0);
ALTER TABLE "team_reviews" ADD CONSTRAINT "team_reviews_bonus_not_negative" CHECK ("bonusPence" >= 0);
ALTER TABLE "team_bonus_payments" ADD CONSTRAINT "team_bonus_amount_not_negative" CHECK ("amountPence" >= 0);
