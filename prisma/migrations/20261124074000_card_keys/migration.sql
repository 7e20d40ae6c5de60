-- Hand-written: branded card links carry an unguessable key (issue 14, point 4). The guessable slug
-- (/card/JaneSmith) goes away; /card/{first-last}-{cardKey} is found by its key alone.

-- A new key: 10 characters of Crockford's base32 in lower case (no i, l, o or u: nothing to misread), 50 bits
-- from gen_random_uuid() (core PostgreSQL, a CSPRNG). Of the uuid's 16 bytes only the version nibble (byte 6)
-- and the variant bits (top of byte 8) are fixed, so the low 5 bits of bytes 0-5 and 7-10 are all random.
CREATE FUNCTION "new_card_key"() RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  b BYTEA := uuid_send(gen_random_uuid());
  a TEXT := '0123456789abcdefghjkmnpqrstvwxyz';
BEGIN
  RETURN substr(a, 1 + get_byte(b, 0) % 32, 1) || substr(a, 1 + get_byte(b, 1) % 32, 1)
    || substr(a, 1 + get_byte(b, 2) % 32, 1) || substr(a, 1 + get_byte(b, 3) % 32, 1)
    || substr(a, 1 + get_byte(b, 4) % 32, 1) || substr(a, 1 + get_byte(b, 5) % 32, 1)
    || substr(a, 1 + get_byte(b, 7) % 32, 1) || substr(a, 1 + get_byte(b, 8) % 32, 1)
    || substr(a, 1 + get_byte(b, 9) % 32, 1) || substr(a, 1 + get_byte(b, 10) % 32, 1);
END
$$;

-- Every existing client gets a key (the default is evaluated once per row).
ALTER TABLE "clients" ADD COLUMN "cardKey" TEXT NOT NULL DEFAULT new_card_key();

CREATE UNIQUE INDEX "clients_cardKey_key" ON "clients"("cardKey");

-- The old readable slugs must no longer find a card: the column is dropped, not kept unused.
DROP INDEX "clients_brandedSlug_key";
ALTER TABLE "clients" DROP COLUMN "brandedSlug";
