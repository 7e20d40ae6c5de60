-- Data only (issue 14, point 12): a self-referral (a lead whose email is its referrer's own) is now recorded
-- as a referral flagged for staff that can never earn a reward, like any other lead from the public form.
-- Self-referrals recorded before had no referral: give each one its pending referral, so staff see them all
-- the same way. Story Started refuses them (lib/services/referrals.ts), so none of them can become payable.
INSERT INTO "referrals" ("id", "referrerId", "leadId", "status", "createdAt", "updatedAt")
SELECT gen_random_uuid(), l."referrerId", l."id", 'pending', l."createdAt", CURRENT_TIMESTAMP
FROM "leads" l
WHERE l."isSelfReferral"
  AND l."referrerId" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "referrals" r WHERE r."leadId" = l."id" AND r."referrerId" = l."referrerId"
  );
