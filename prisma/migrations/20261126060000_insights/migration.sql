-- Issue 20: the owner's Insights page.

-- A lead that arrived with a card number matching no client keeps that fact after staff attach the right
-- client (which clears enteredCardNumber), so the page can say what share of leads came that way.
ALTER TABLE "leads" ADD COLUMN "cardNotFound" BOOLEAN NOT NULL DEFAULT false;
UPDATE "leads" SET "cardNotFound" = true WHERE "enteredCardNumber" IS NOT NULL;

-- The version of what the page shows. The app keeps each period's computed answer while the sum of these
-- versions stays the same, and reads the sum before it computes: a change counted in the sum is visible to
-- every later read.
CREATE TABLE "insights_version" (
    "slot" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "insights_version_pkey" PRIMARY KEY ("slot")
);
INSERT INTO "insights_version" ("slot") SELECT generate_series(0, 15);

-- Bumped once per transaction, at its commit (a deferred constraint trigger): the slot's row is the last lock
-- the transaction takes, so it can never be part of a deadlock, and the bump becomes visible together with
-- the change it counts. The slot is picked by the transaction id, so concurrent writers rarely share one.
CREATE FUNCTION "bump_insights_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xact text := pg_current_xact_id()::text;
BEGIN
  IF current_setting('insights.bumped_by', true) IS DISTINCT FROM xact THEN
    PERFORM set_config('insights.bumped_by', xact, true);
    UPDATE "insights_version" SET "version" = "version" + 1 WHERE "slot" = (xact::bigint % 16)::int;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "leads_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "leads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "referrals_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "referrals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "clients_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "clients"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "team_members_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "team_reviews_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "team_reviews"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "review_scans_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "review_scans"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();
CREATE CONSTRAINT TRIGGER "review_platform_choices_insights_version" AFTER INSERT OR UPDATE OR DELETE ON "review_platform_choices"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_insights_version"();

-- TRUNCATE has no row triggers: a statement trigger counts it (only tests and scripts truncate).
CREATE TRIGGER "leads_insights_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "referrals_insights_truncate" AFTER TRUNCATE ON "referrals" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "clients_insights_truncate" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "team_members_insights_truncate" AFTER TRUNCATE ON "team_members" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "team_reviews_insights_truncate" AFTER TRUNCATE ON "team_reviews" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "review_scans_insights_truncate" AFTER TRUNCATE ON "review_scans" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
CREATE TRIGGER "review_platform_choices_insights_truncate" AFTER TRUNCATE ON "review_platform_choices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_insights_version"();
