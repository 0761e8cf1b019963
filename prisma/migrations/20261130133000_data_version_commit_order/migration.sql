-- The data version must follow commit order (docs/scaling.md, "Read replica"): a replica's version
-- of an organisation is trusted as a floor of what it has replayed. The first bump took its number in
-- the INSERT's values, before waiting for the organisation's row, so of two overlapping commits the
-- one that committed second could write the smaller number and the version went down. The number
-- stored is now taken in DO UPDATE, after the row lock that is held until the commit, so a later
-- commit of the organisation always stores a larger number. The INSERT's own number is stored only
-- for an organisation's first row; on a conflict it is spent unused (versions are never reused anyway).
CREATE OR REPLACE FUNCTION dashboard_version_bump(company uuid) RETURNS void LANGUAGE sql AS $$
  WITH bumped AS (
    INSERT INTO "DashboardVersion" ("companyId", version)
      SELECT company, nextval('"DashboardVersion_seq"')
      WHERE company IS NOT NULL
        AND current_setting('compass_dashboard.c_' || replace(company::text, '-', '_'), true) IS DISTINCT FROM '1'
    ON CONFLICT ("companyId") DO UPDATE SET version = nextval('"DashboardVersion_seq"')
    RETURNING "companyId")
  SELECT set_config('compass_dashboard.c_' || replace("companyId"::text, '-', '_'), '1', true) FROM bumped
$$;
