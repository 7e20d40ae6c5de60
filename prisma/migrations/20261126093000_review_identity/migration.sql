-- Issue 28: a review is credited once however its link is written. team_reviews.reviewKey (unique) holds the
-- review's identity on its platform (Google's or Trustpilot's review id, see lib/review-url.ts reviewIdentity)
-- instead of the normalised link. review_identity() is the same computation in SQL, kept so that
-- tests/integration/review-identity.test.ts can check that the two agree on every way of writing a link.

-- Percent-escapes of printable ASCII decoded until none is left (as unescapeAscii does).
CREATE FUNCTION review_identity_unescape(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  m text[];
BEGIN
  LOOP
    m := regexp_match(t, '%(2[0-9a-f]|[3-6][0-9a-f]|7[0-9a-e])', 'i');
    EXIT WHEN m IS NULL;
    t := replace(t, '%' || m[1], chr(('x' || m[1])::bit(8)::int));
  END LOOP;
  RETURN t;
END;
$$;

-- Decoded, lower case, without spaces or escaped control characters (as clean does).
CREATE FUNCTION review_identity_clean(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT regexp_replace(lower(review_identity_unescape(t)), ' |%([01][0-9a-f]|7f)', '', 'g')
$$;

-- The review a link (as `new URL` writes it) names: reviewIdentity in lib/review-url.ts, step for step.
CREATE FUNCTION review_identity(href text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  parts text[];
  host text;
  path text;
  query text;
  m text[];
  name text;
  place text := '';
BEGIN
  parts := regexp_match(href, '^https://([^/?#]*)([^?#]*)(?:\?([^#]*))?', 'i');
  IF parts IS NULL THEN
    RETURN NULL;
  END IF;
  host := regexp_replace(regexp_replace(regexp_replace(lower(parts[1]), ':[0-9]*$', ''), '\.$', ''), '^www\.', '');
  path := review_identity_clean(coalesce(parts[2], ''));
  path := regexp_replace(path, ';[^/]*', '', 'g');
  path := regexp_replace(path, '/{2,}', '/', 'g');
  path := regexp_replace(path, '/+$', '');
  IF host = 'trustpilot.com' OR host LIKE '%.trustpilot.com' THEN
    m := regexp_match(path, '(?:^|/)reviews/([a-z0-9_-]+)');
    RETURN CASE WHEN m IS NULL THEN 'trustpilot:web' || path ELSE 'trustpilot:review:' || m[1] END;
  END IF;
  IF host = 'maps.app.goo.gl' THEN
    RETURN 'google:goo.gl' || coalesce(substring(path FROM '^/[^/]*'), '');
  END IF;
  IF host = 'g.page' OR host LIKE '%.g.page' THEN
    RETURN 'google:g.page' || coalesce(substring(path FROM '^((?:/r)?/[^/]*)'), '');
  END IF;
  m := coalesce(regexp_match(path, '!1s([a-z0-9_-]{16,})(?:[!/]|$)'),
                regexp_match(path, '(?:^|/)reviews/([a-z0-9_-]{16,})(?:/|$)'));
  IF m IS NOT NULL THEN
    RETURN 'google:review:' || m[1];
  END IF;
  m := regexp_match(path, '(?:^|/)contrib/([0-9]+)');
  IF m IS NOT NULL THEN
    RETURN 'google:contrib:' || m[1];
  END IF;
  query := review_identity_clean(coalesce(parts[3], ''));
  FOREACH name IN ARRAY ARRAY['cid', 'ftid', 'placeid', 'query_place_id'] LOOP
    m := regexp_match(query, '(?:^|&)' || name || '=([^&]*)');
    IF m IS NOT NULL AND m[1] <> '' THEN
      place := place || '&' || name || '=' || m[1];
    END IF;
  END LOOP;
  RETURN 'google:web' || regexp_replace(path, '^/maps(/|$)', '\1') || regexp_replace(place, '^&', '?');
END;
$$;

-- Existing reviews get their identity. Where several already name one review, the oldest keeps the credit
-- (and the identity); the others keep their old key (a normalised link, which never looks like an identity),
-- so the backfill cannot collide, and no review, bonus or payment is rewritten.
WITH computed AS (
  SELECT "id", review_identity("reviewUrl") AS identity,
    row_number() OVER (PARTITION BY review_identity("reviewUrl") ORDER BY "createdAt", "id") AS n
  FROM "team_reviews"
  WHERE "reviewUrl" IS NOT NULL
)
UPDATE "team_reviews" t SET "reviewKey" = c.identity
FROM computed c
WHERE t."id" = c."id" AND c.n = 1 AND c.identity IS NOT NULL;
