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

-- Details already on hold name their change too: the newest 'bank_details_changed' entry of each held client.
UPDATE "clients" c SET "bankDetailsChangeId" = (
  SELECT e."id" FROM "payment_audit_entries" e
  WHERE e."clientId" = c."id" AND e."action" = 'bank_details_changed'
  ORDER BY e."createdAt" DESC, e."id" DESC LIMIT 1
) WHERE c."bankDetailsHeldAt" IS NOT NULL;
