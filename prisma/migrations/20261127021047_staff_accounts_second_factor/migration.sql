-- CreateEnum
CREATE TYPE "auth_challenge_purpose" AS ENUM ('second_factor', 'passkey_login', 'passkey_register', 'step_up');

-- CreateEnum
CREATE TYPE "sign_in_method" AS ENUM ('password', 'password_totp', 'password_passkey', 'password_recovery_code', 'passkey');

-- CreateEnum
CREATE TYPE "account_audit_action" AS ENUM ('invited', 'invite_resent', 'invite_revoked', 'invite_accepted', 'password_reset_requested', 'password_reset', 'password_changed', 'totp_enabled', 'totp_removed', 'passkey_added', 'passkey_removed', 'recovery_codes_created', 'recovery_code_used', 'factors_reset', 'sessions_ended');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "message_kind" ADD VALUE 'staff_invite';
ALTER TYPE "message_kind" ADD VALUE 'password_reset';
ALTER TYPE "message_kind" ADD VALUE 'new_sign_in';

-- AlterTable
ALTER TABLE "staff_sessions" ADD COLUMN     "ip" TEXT,
ADD COLUMN     "method" "sign_in_method" NOT NULL DEFAULT 'password',
ADD COLUMN     "secondFactorAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN     "secondFactorGraceUntil" TIMESTAMPTZ(3),
ADD COLUMN     "totpEnabledAt" TIMESTAMPTZ(3),
ADD COLUMN     "totpLastStep" INTEGER,
ADD COLUMN     "totpSecretEnc" TEXT;

-- CreateTable
CREATE TABLE "passkeys" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "credentialId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "deviceType" TEXT NOT NULL,
    "backedUp" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recovery_codes" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_invites" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "isFullAdmin" BOOLEAN NOT NULL DEFAULT false,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "invitedById" UUID,
    "invitedBy" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_resets" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "retiredAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_challenges" (
    "id" UUID NOT NULL,
    "purpose" "auth_challenge_purpose" NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" UUID,
    "sessionId" UUID,
    "challenge" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_ins" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "sessionId" UUID,
    "method" "sign_in_method" NOT NULL,
    "ip" TEXT NOT NULL,
    "userAgent" TEXT,
    "browserHash" TEXT NOT NULL,
    "newBrowser" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_ins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_audit_entries" (
    "id" UUID NOT NULL,
    "action" "account_audit_action" NOT NULL,
    "userId" UUID,
    "email" TEXT NOT NULL,
    "performedById" UUID,
    "performedBy" TEXT NOT NULL,
    "ip" TEXT,
    "details" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "passkeys_credentialId_key" ON "passkeys"("credentialId");

-- CreateIndex
CREATE INDEX "passkeys_userId_idx" ON "passkeys"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "recovery_codes_userId_codeHash_key" ON "recovery_codes"("userId", "codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "staff_invites_tokenHash_key" ON "staff_invites"("tokenHash");

-- CreateIndex
CREATE INDEX "staff_invites_email_idx" ON "staff_invites"("email");

-- CreateIndex
CREATE UNIQUE INDEX "password_resets_tokenHash_key" ON "password_resets"("tokenHash");

-- CreateIndex
CREATE INDEX "password_resets_userId_idx" ON "password_resets"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "auth_challenges_tokenHash_key" ON "auth_challenges"("tokenHash");

-- CreateIndex
CREATE INDEX "auth_challenges_expiresAt_idx" ON "auth_challenges"("expiresAt");

-- CreateIndex
CREATE INDEX "sign_ins_userId_createdAt_idx" ON "sign_ins"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "sign_ins_userId_browserHash_idx" ON "sign_ins"("userId", "browserHash");

-- CreateIndex
CREATE INDEX "account_audit_entries_createdAt_idx" ON "account_audit_entries"("createdAt");

-- CreateIndex
CREATE INDEX "account_audit_entries_userId_createdAt_idx" ON "account_audit_entries"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_userId_fkey" FOREIGN KEY ("userId") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_userId_fkey" FOREIGN KEY ("userId") REFERENCES "staff_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Issue 31: an install that already has full admins gives them 14 days from this upgrade to set up a second
-- factor before reading bank details or moving money needs one (a fresh install has none to give it to).
UPDATE "staff_users" SET "secondFactorGraceUntil" = now() + interval '14 days' WHERE "isFullAdmin";
