-- Issue 19: the money reads answered from an index alone (index-only scans), measured at full scale with
-- `npm run bench:explain`. Partial indexes, which Prisma's schema cannot describe; Prisma leaves them in place.

-- Outstanding payments: the page walks it in order, and the total (count and sum) reads only it: 23,900 rows
-- in 146 pages instead of 6,866 heap pages at full scale.
CREATE INDEX "referrals_outstanding_idx" ON "referrals" ("convertedAt", "id") INCLUDE ("rewardPence")
  WHERE "status" = 'Payment Due' AND "rewardPaid" = false;

-- A month's conversions (the monthly report's totals and its clients): who, how much, paid or not.
CREATE INDEX "referrals_conversions_idx" ON "referrals" ("convertedAt") INCLUDE ("referrerId", "rewardPence", "rewardPaid")
  WHERE "status" = 'Payment Due';

-- The monthly report's page of clients, in its order (lower-cased name, a deleted client as 'Deleted client',
-- then id): walked in that order and each client checked against the month's conversions, so a page stops
-- after its 50 clients (about 700 index entries at full scale) instead of naming and sorting every client of
-- the month. The expression must stay exactly as lib/services/payments.ts writes it (REPORT_SORT_NAME).
CREATE INDEX "clients_report_name_idx" ON "clients"
  ((lower(CASE WHEN "deletedAt" IS NOT NULL THEN 'Deleted client' ELSE trim("firstName" || ' ' || "lastName") END)), "id");

-- Whether a client had a conversion in a month, from the index alone.
CREATE INDEX "referrals_conversions_by_client_idx" ON "referrals" ("referrerId", "convertedAt")
  WHERE "status" = 'Payment Due';
