-- Hand-written: pg_trgm, for substring search through GIN indexes. It is a trusted extension (PostgreSQL 13+),
-- so the database's owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "clients_createdAt_idx";

-- DropIndex
DROP INDEX "leads_createdAt_idx";

-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "referralCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "row_counts" (
    "name" TEXT NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "row_counts_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "clients_createdAt_id_idx" ON "clients"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "clients_referralCount_createdAt_id_idx" ON "clients"("referralCount" DESC, "createdAt", "id");

-- CreateIndex
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING GIN ("firstName" gin_trgm_ops, "lastName" gin_trgm_ops, "email" gin_trgm_ops, "cardNumber" gin_trgm_ops, "affiliateCompany" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "leads_createdAt_id_idx" ON "leads"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING GIN ("firstName" gin_trgm_ops, "lastName" gin_trgm_ops, "email" gin_trgm_ops, "phone" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "referrals_referrerId_createdAt_id_idx" ON "referrals"("referrerId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "referrals_createdAt_id_idx" ON "referrals"("createdAt" DESC, "id" DESC);

-- Hand-written: counts kept by the database itself, so that every writer (and a cascade) keeps them right and
-- the dashboard never counts a large table row by row.

-- Each client's referral count. Statement-level triggers with transition tables: a bulk insert or a cascade
-- updates each client once, not once per referral.
UPDATE "clients" c SET "referralCount" = n.cnt
  FROM (SELECT "referrerId", count(*)::int AS cnt FROM "referrals" GROUP BY "referrerId") n
  WHERE c."id" = n."referrerId";

CREATE FUNCTION "referrals_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clients" c SET "referralCount" = c."referralCount" + n.cnt
    FROM (SELECT "referrerId", count(*)::int AS cnt FROM new_rows GROUP BY "referrerId") n
    WHERE c."id" = n."referrerId";
  RETURN NULL;
END $$;

CREATE FUNCTION "referrals_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clients" c SET "referralCount" = greatest(c."referralCount" - o.cnt, 0)
    FROM (SELECT "referrerId", count(*)::int AS cnt FROM old_rows GROUP BY "referrerId") o
    WHERE c."id" = o."referrerId";
  RETURN NULL;
END $$;

CREATE FUNCTION "referrals_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clients" SET "referralCount" = greatest("referralCount" - 1, 0) WHERE "id" = OLD."referrerId";
  UPDATE "clients" SET "referralCount" = "referralCount" + 1 WHERE "id" = NEW."referrerId";
  RETURN NULL;
END $$;

CREATE TRIGGER "referrals_count_insert" AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "referrals_count_inserted"();
CREATE TRIGGER "referrals_count_delete" AFTER DELETE ON "referrals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "referrals_count_deleted"();
CREATE TRIGGER "referrals_count_move" AFTER UPDATE OF "referrerId" ON "referrals"
  FOR EACH ROW WHEN (OLD."referrerId" IS DISTINCT FROM NEW."referrerId")
  EXECUTE FUNCTION "referrals_count_moved"();

-- The number of clients (the dashboard's 'Clients & Referrals (n)').
INSERT INTO "row_counts" ("name", "count") SELECT 'clients', count(*) FROM "clients";

CREATE FUNCTION "clients_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "row_counts" SET "count" = "count" + (SELECT count(*) FROM new_rows) WHERE "name" = 'clients';
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" SET "count" = "count" - (SELECT count(*) FROM old_rows) WHERE "name" = 'clients';
  ELSE
    UPDATE "row_counts" SET "count" = 0 WHERE "name" = 'clients';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "clients_count_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_count_changed"();
CREATE TRIGGER "clients_count_delete" AFTER DELETE ON "clients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "clients_count_changed"();
CREATE TRIGGER "clients_count_truncate" AFTER TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "clients_count_changed"();
