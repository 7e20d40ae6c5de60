-- Bank details are audited and held (issue 14, point 6), and carry the account holder's name (point 9).
-- Existing rows keep their details with no account name (null) and no hold; their "bankDetailsHash" is filled
-- by the app on first use (lib/services/bank-details.ts): SQL cannot compute the keyed hash.

-- AlterEnum (PostgreSQL 12+ adds several values in one migration)

ALTER TYPE "payment_audit_action" ADD VALUE 'bank_details_changed';
ALTER TYPE "payment_audit_action" ADD VALUE 'bank_details_approved';

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "accountNameEnc" TEXT,
ADD COLUMN     "bankDetailsChangedBy" TEXT,
ADD COLUMN     "bankDetailsHash" TEXT,
ADD COLUMN     "bankDetailsHeldAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "payment_audit_entries" ADD COLUMN     "details" TEXT;

-- CreateIndex
CREATE INDEX "clients_bankDetailsHash_idx" ON "clients"("bankDetailsHash");
