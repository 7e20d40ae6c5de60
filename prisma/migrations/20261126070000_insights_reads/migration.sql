-- Issue 20: the Insights figures read from indexes alone (measured at full scale with `npm run bench:explain`:
-- a year of leads and referrals is about 350,000 rows each, and reading their rows took seconds). Prisma's
-- schema cannot describe INCLUDE columns, and would drop such an index unless it is partial: the WHERE clause
-- (always true) is there for that; every range on "createdAt" implies it, so the planner uses the index.

-- The period's leads: how many, contacted and how long it took, still waiting, with an unknown card number.
CREATE INDEX "leads_insights_idx" ON "leads" ("createdAt") INCLUDE ("contactedAt", "cardNotFound", "erasedAt")
  WHERE "createdAt" IS NOT NULL;

-- The period's referrals: Story Started, paid, and the top referrers.
CREATE INDEX "referrals_insights_idx" ON "referrals" ("createdAt")
  INCLUDE ("referrerId", "leadId", "status", "rewardPaid", "rewardPence") WHERE "createdAt" IS NOT NULL;
