-- Hand-written: branded card links carry an unguessable key (issue 14, point 4). The guessable slug
-- (/card/JaneSmith) goes away; /card/{first-last}-{cardKey} is found by its key alone.

-- A new key: 10 characters of Crockford's base32 in lower case (no i, l, o or u: nothing to misread), 50 bits
-- from gen_random_uuid() (core PostgreSQL, a CSPRNG). Of the uuid's 16 bytes only the version nibble (byte 6)
-- and the variant bits (top of byte 8) are fixed, so the low 5 bits of bytes 0-5 and 7-10 are all random.
CREATE FUNCTION "new_card_key"() RETURNS TEXT LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', 1 + get_byte(b, i) % 32, 1), '' ORDER BY i)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) AS r, unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 8, 9, 10]) AS i
$$;

-- Every existing client gets a key (the default is evaluated once per row).
ALTER TABLE "clients" ADD COLUMN "cardKey" TEXT NOT NULL DEFAULT new_card_key();

CREATE UNIQUE INDEX "clients_cardKey_key" ON "clients"("cardKey");

-- The old readable slugs must no longer find a card: the column is dropped, not kept unused.
DROP INDEX "clients_brandedSlug_key";
ALTER TABLE "clients" DROP COLUMN "brandedSlug";
