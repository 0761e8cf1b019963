-- Each API process keeps the organisations' data versions it has read in memory
-- (server/src/db/versionedCache.ts, RememberedDataVersions), so a cached answer is checked without a
-- round trip, and forgets an organisation's version when this channel names it. pg_notify is
-- delivered when the transaction that moved the version commits, not at all when it rolls back, and
-- repeats within one transaction are folded into one. An empty payload (a TRUNCATE) forgets them all.
--
-- Prisma applies this file through the pg adapter, which splits it at every semicolon: the PL/pgSQL
-- bodies are therefore E'' strings that write their semicolons as \x3B.
CREATE FUNCTION data_version_notify() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''data_version'', COALESCE(NEW."companyId", OLD."companyId")::text)\x3B
  RETURN NULL\x3B
END';

CREATE FUNCTION data_version_notify_all() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''data_version'', '''')\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "DashboardVersion_data_version"
  AFTER INSERT OR UPDATE OR DELETE ON "DashboardVersion"
  FOR EACH ROW EXECUTE FUNCTION data_version_notify();
CREATE TRIGGER "DashboardVersion_data_version_truncate"
  AFTER TRUNCATE ON "DashboardVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_notify_all();
