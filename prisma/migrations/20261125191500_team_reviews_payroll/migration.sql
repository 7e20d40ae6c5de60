-- Team members leave by being archived (issue 18): the column says what it means.
ALTER TABLE "team_members" RENAME COLUMN "deletedAt" TO "archivedAt";

-- A review is verified by its public link; the normalised link is unique, so one review earns one bonus.
ALTER TABLE "team_reviews" ADD COLUMN "reviewUrl" TEXT,
ADD COLUMN "reviewKey" TEXT;

CREATE UNIQUE INDEX "team_reviews_reviewKey_key" ON "team_reviews"("reviewKey");

-- The bonus audit keeps the review's date (which month's bonus was paid or undone).
ALTER TABLE "team_bonus_payments" ADD COLUMN "reviewDate" DATE;
UPDATE "team_bonus_payments" p SET "reviewDate" = r."reviewDate" FROM "team_reviews" r WHERE p."teamReviewId" = r."id";
