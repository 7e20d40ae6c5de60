-- AlterEnum
ALTER TYPE "payment_audit_action" ADD VALUE 'reward_cancelled';

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "deletedAt" TIMESTAMPTZ(3),
ALTER COLUMN "email" DROP NOT NULL;

-- AlterTable
ALTER TABLE "team_members" ADD COLUMN     "deletedAt" TIMESTAMPTZ(3);

-- The number of clients counts the clients still on the books: a deleted client's row stays (issue 14, point
-- 7), so the count drops when deletedAt is set rather than when the row goes.
CREATE OR REPLACE FUNCTION "clients_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "row_counts" SET "count" = "count" + (SELECT count(*) FROM new_rows WHERE "deletedAt" IS NULL)
      WHERE "name" = 'clients';
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" SET "count" = "count" - (SELECT count(*) FROM old_rows WHERE "deletedAt" IS NULL)
      WHERE "name" = 'clients';
  ELSE
    UPDATE "row_counts" SET "count" = 0 WHERE "name" = 'clients';
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "clients_count_soft_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "count" = "count" + (CASE WHEN NEW."deletedAt" IS NULL THEN 1 ELSE -1 END)
    WHERE "name" = 'clients';
  RETURN NULL;
END $$;

CREATE TRIGGER "clients_count_soft_delete" AFTER UPDATE OF "deletedAt" ON "clients"
  FOR EACH ROW WHEN ((OLD."deletedAt" IS NULL) IS DISTINCT FROM (NEW."deletedAt" IS NULL))
  EXECUTE FUNCTION "clients_count_soft_deleted"();

-- A referral's reward is now the amount in force when the friend was referred (issue 14, point 8), set when
-- the referral is made. Referrals that have none yet (not started, or started and reverted, which wrote 0) get
-- the current setting: what they were promised as far as we know.
UPDATE "referrals"
  SET "rewardPence" = COALESCE((SELECT "referralRewardPence" FROM "settings" WHERE "id" = 1), 20000)
  WHERE "rewardPence" IS NULL OR ("rewardPence" = 0 AND "status" <> 'Payment Due');
