-- AlterTable
ALTER TABLE "team_members" ADD COLUMN     "scanCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "uniqueVisitorCount" INTEGER NOT NULL DEFAULT 0;

-- Hand-written: each team member's scan and unique-visitor counts, kept by the database itself (as the
-- referral counts are), so the members list and the leaderboard never count 200,000 scans row by row.
UPDATE "team_members" m SET "scanCount" = s.n, "uniqueVisitorCount" = s.u
  FROM (SELECT "teamMemberId", count(*)::int AS n, (count(*) FILTER (WHERE "isUniqueVisitor"))::int AS u
        FROM "review_scans" GROUP BY "teamMemberId") s
  WHERE m."id" = s."teamMemberId";

CREATE FUNCTION "review_scans_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_members" m SET "scanCount" = m."scanCount" + s.n, "uniqueVisitorCount" = m."uniqueVisitorCount" + s.u
    FROM (SELECT "teamMemberId", count(*)::int AS n, (count(*) FILTER (WHERE "isUniqueVisitor"))::int AS u
          FROM new_rows GROUP BY "teamMemberId") s
    WHERE m."id" = s."teamMemberId";
  RETURN NULL;
END $$;

CREATE FUNCTION "review_scans_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_members" m
    SET "scanCount" = greatest(m."scanCount" - s.n, 0),
        "uniqueVisitorCount" = greatest(m."uniqueVisitorCount" - s.u, 0)
    FROM (SELECT "teamMemberId", count(*)::int AS n, (count(*) FILTER (WHERE "isUniqueVisitor"))::int AS u
          FROM old_rows GROUP BY "teamMemberId") s
    WHERE m."id" = s."teamMemberId";
  RETURN NULL;
END $$;

-- A scan never changes member or visitor flag today; should it, the counts move with it.
CREATE FUNCTION "review_scans_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_members" SET "scanCount" = greatest("scanCount" - 1, 0),
    "uniqueVisitorCount" = greatest("uniqueVisitorCount" - (CASE WHEN OLD."isUniqueVisitor" THEN 1 ELSE 0 END), 0)
    WHERE "id" = OLD."teamMemberId";
  UPDATE "team_members" SET "scanCount" = "scanCount" + 1,
    "uniqueVisitorCount" = "uniqueVisitorCount" + (CASE WHEN NEW."isUniqueVisitor" THEN 1 ELSE 0 END)
    WHERE "id" = NEW."teamMemberId";
  RETURN NULL;
END $$;

CREATE TRIGGER "review_scans_count_insert" AFTER INSERT ON "review_scans"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "review_scans_count_inserted"();
CREATE TRIGGER "review_scans_count_delete" AFTER DELETE ON "review_scans"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "review_scans_count_deleted"();
CREATE TRIGGER "review_scans_count_update" AFTER UPDATE OF "teamMemberId", "isUniqueVisitor" ON "review_scans"
  FOR EACH ROW WHEN (OLD."teamMemberId" IS DISTINCT FROM NEW."teamMemberId"
                     OR OLD."isUniqueVisitor" IS DISTINCT FROM NEW."isUniqueVisitor")
  EXECUTE FUNCTION "review_scans_count_changed"();
