-- Issue 28 (money): an approval names the held change (clients.bankDetailsChangeId); a full admin's change of a
-- reward is audited with its old amount (reward_changed, previousAmountPence); a withdrawn bank-details request
-- retires its link (bank_details_requests.withdrawnAt).

-- AlterEnum
ALTER TYPE "payment_audit_action" ADD VALUE 'reward_changed';

-- AlterTable
ALTER TABLE "bank_details_requests" ADD COLUMN     "withdrawnAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "bankDetailsChangeId" UUID;

-- AlterTable
ALTER TABLE "payment_audit_entries" ADD COLUMN     "previousAmountPence" INTEGER;
