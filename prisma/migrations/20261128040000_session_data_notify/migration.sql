-- Each API process keeps the sessions it has looked up in memory for a few seconds
-- (server/src/plugins/sessionCache.ts) and forgets them all when this channel says that something a
-- session lookup reads (server/src/plugins/sessionLookup.ts) has changed. pg_notify is delivered when
-- the transaction commits, not at all when it rolls back, and repeats within one transaction are
-- folded into one. server/test/sessionCache.test.ts checks that every column the lookup reads is
-- named here.
--
-- Prisma applies this file through the pg adapter, which splits it at every semicolon: the PL/pgSQL
-- body is therefore an E'' string that writes its semicolons as \x3B.
CREATE FUNCTION session_data_notify() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''session_data'', '''')\x3B
  RETURN NULL\x3B
END';

-- Once per statement: a bulk change tells each process once. lastSeenAt is not named: the auth plugin
-- touches it at most once a minute per session, and a process's own copy follows its own touch.
CREATE TRIGGER "Session_session_data"
  AFTER UPDATE OF "tokenHash", "userId", "revokedAt", "expiresAt", "permissionsLoadedAt" OR DELETE OR TRUNCATE
  ON "Session" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
CREATE TRIGGER "User_session_data"
  AFTER UPDATE OF "companyId", "userType", "employeeId", "supplierId", "personnelId", "isActive",
    "isForceUpdatePassword", "portalAccess", "updatedAt" OR DELETE OR TRUNCATE
  ON "User" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
CREATE TRIGGER "Company_session_data"
  AFTER UPDATE OF "timeZone" OR DELETE OR TRUNCATE
  ON "Company" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
CREATE TRIGGER "Employee_session_data"
  AFTER UPDATE OF "roleId" OR DELETE OR TRUNCATE
  ON "Employee" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
CREATE TRIGGER "Role_session_data"
  AFTER UPDATE OF access, "updatedAt" OR DELETE OR TRUNCATE
  ON "Role" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
CREATE TRIGGER "SupplierCompany_session_data"
  AFTER UPDATE OF "companyId", "supplierPortal", "supplierAccess", "isActive", "updatedAt" OR DELETE OR TRUNCATE
  ON "SupplierCompany" FOR EACH STATEMENT EXECUTE FUNCTION session_data_notify();
