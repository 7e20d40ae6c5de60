-- Hand-written (issue 33): the clients' trigram index collects new entries in a small pending list again, and
-- merges them into the index a list at a time, instead of placing each entry on its own. A client brings about
-- 80 trigrams, so an import of thousands placed one by one spent most of its time here; merged, the many that
-- share a trigram go in together. The list is capped at 1 MB (about 600 clients' entries), so a search reads
-- through at most that much besides the index, and the write that fills it merges it (as does autovacuum).
-- Migration 20261123055500 had turned the list off when it could grow to the default 4 MB between vacuums.
ALTER INDEX "clients_search_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
