import { E, WP, BPW, S, PPS, P, T, N, cid, today, SCALE, type Step } from './sizes';
import { CITIES, TEMPLATES, INSTRUCTIONS } from './words';

/** The registers the forms pick from, and the form templates. */
export function registerAndTemplateSteps(): Step[] {
  return [
    {
      name: 'registers: assets, risks, hazards, requirement types, obligations',
      sql: `
WITH a AS (
  INSERT INTO "Asset" (id, "companyId", number, name, "isActive", status, "createdAt")
  SELECT pg_temp.sid('asset:' || n), ${cid}, 'A-' || lpad(n::text, 5, '0'), 'Asset ' || lpad(n::text, 4, '0'), n % 30 <> 0,
    (CASE WHEN n % 30 = 0 THEN 'disposed' ELSE 'inService' END)::"AssetStatus", pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 200) n
), r AS (
  INSERT INTO "Risk" (id, "companyId", name, "isMaster", colour, "isActive", "createdAt")
  SELECT pg_temp.sid('risk:' || n), ${cid}, 'Risk ' || lpad(n::text, 3, '0'), n % 4 = 0,
    (ARRAY['green', 'orange', 'red', 'yellow'])[1 + n % 4]::"RiskColour", n % 40 <> 0, pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 100) n
), h AS (
  INSERT INTO "HazardousSubstance" (id, "companyId", name, "isActive", "createdAt")
  SELECT pg_temp.sid('hazard:' || n), ${cid}, 'Substance ' || lpad(n::text, 3, '0'), n % 40 <> 0, pg_temp.at(${today} - 1700 + n, n)
  FROM generate_series(1, 100) n
), rt AS (
  INSERT INTO "RequirementType" (id, "companyId", name, "appliesTo")
  SELECT pg_temp.sid('rt:' || n), ${cid}, x.name, x.applies::"RequirementAppliesTo"
  FROM (VALUES (1, 'Public Liability Insurance', 'company'), (2, 'Safety Management Plan', 'company'),
               (3, 'Induction Certificate', 'personnel'), (4, 'First Aid Certificate', 'personnel')) x(n, name, applies)
)
INSERT INTO "Obligation" (id, "companyId", name, "ownerEmployeeId", "createdAt")
SELECT pg_temp.sid('obl:' || n), ${cid}, 'Obligation ' || lpad(n::text, 3, '0'), pg_temp.emp(pg_temp.skew(n, 32)),
  pg_temp.at(${today} - 1800 + n * 10, n)
FROM generate_series(1, ${SCALE.obligations}) n`,
    },
    {
      name: `templates (${T}) with versions, sections and fields`,
      sql: `
WITH tpl AS (
  INSERT INTO "FormTemplate" (id, "companyId", name, "formType", "emailNotification", "emailCcEmployeeIds",
    "coordinatorEmployeeId", "isActive", "currentVersion", "createdAt", "updatedAt")
  SELECT pg_temp.tpl(t), ${cid}, (${TEMPLATES})[t], pg_temp.ftype(t), ARRAY[1, 2], ARRAY[pg_temp.emp(2)],
    pg_temp.emp(1 + t % 5), t <> 19, 1 + t % 3, pg_temp.at(${today} - 1826, t), pg_temp.at(${today} - 1826 + (t % 3) * 610, t)
  FROM generate_series(1, ${T}) t
  RETURNING id
), versions AS (
  INSERT INTO "FormTemplateVersion" (id, "companyId", "templateId", version, "createdAt")
  SELECT pg_temp.tv(t, v), ${cid}, pg_temp.tpl(t), v, pg_temp.at(${today} - 1826 + (v - 1) * 610, t)
  FROM generate_series(1, ${T}) t, generate_series(1, 3) v
  WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM tpl) > 0
  RETURNING id
), sections AS (
  INSERT INTO "TemplateSection" (id, "companyId", "templateVersionId", label, "secMandatoryType", "orderNo")
  SELECT pg_temp.sid('sec:' || t || ':' || v || ':' || s), ${cid}, pg_temp.tv(t, v),
    (ARRAY['Details', 'Findings', 'Follow-up'])[s], (ARRAY['newEntry', NULL, 'investigation'])[s]::"SectionMandatoryType", s
  FROM generate_series(1, ${T}) t, generate_series(1, 3) v, generate_series(1, 3) s
  WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM versions) > 0
  RETURNING id
)
INSERT INTO "TemplateField" (id, "companyId", "templateVersionId", "sectionId", type, label, "orderNo", "colSize",
  "isMandatory", "optionVal", "itemList", "webLink", placeholder, "mandatoryComment")
SELECT pg_temp.sid('fld:' || t || ':' || v || ':' || f.s || ':' || f.o), ${cid}, pg_temp.tv(t, v),
  pg_temp.sid('sec:' || t || ':' || v || ':' || f.s), f.type, f.label, f.o,
  CASE WHEN f.type IN ('task', 'table', 'signature') THEN 12 ELSE 6 END, f.o <= 2,
  CASE f.type
    WHEN 'select' THEN '[{"value":"low","label":"Low"},{"value":"medium","label":"Medium"},{"value":"high","label":"High"}]'::jsonb
    WHEN 'radio' THEN '[{"value":"yes","label":"Yes"},{"value":"no","label":"No"},{"value":"n-a","label":"N/A"}]'::jsonb
    WHEN 'checkbox' THEN '[{"value":"ppe","label":"PPE"},{"value":"signage","label":"Signage"},{"value":"training","label":"Training"}]'::jsonb
    WHEN 'typeGroupings' THEN '[{"category":"Injury","subCategories":["Cut","Sprain","Burn"]},{"category":"Property","subCategories":["Vehicle","Building"]}]'::jsonb
    WHEN 'table' THEN jsonb_build_array(
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':1'), 'name', 'Item', 'type', 'text'),
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':2'), 'name', 'Quantity', 'type', 'number'),
      jsonb_build_object('_id', pg_temp.sid('col:' || t || ':' || v || ':3'), 'name', 'Checked on', 'type', 'date'))
  END,
  CASE WHEN f.type = 'items' THEN jsonb_build_array(
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':1'), 'name', 'Gloves'),
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':2'), 'name', 'Helmet'),
      jsonb_build_object('_id', pg_temp.sid('item:' || t || ':' || v || ':3'), 'name', 'Boots')) END,
  CASE WHEN f.type = 'weblink' THEN 'https://www.scale-holdings.example/procedures/' || t END,
  CASE WHEN f.type = 'text' THEN 'e.g. ' || (${TEMPLATES})[t] END,
  CASE WHEN f.o = 1 AND f.type <> 'task' THEN 'Please complete ' || f.label END
FROM generate_series(1, ${T}) t, generate_series(1, 3) v,
  (VALUES (1, 1, 'text', 'Title'), (1, 2, 'date', 'Date'), (1, 3, 'select', 'Severity'), (1, 4, 'textarea', 'Description'),
          (1, 5, 'employee', 'People involved'),
          (2, 1, 'radio', 'Reported to supervisor'), (2, 2, 'checkbox', 'Controls'), (2, 3, 'number', 'Hours lost'),
          (2, 4, 'time', 'Time'), (2, 5, 'items', 'Equipment'),
          (3, 1, 'task', 'Actions'), (3, 2, 'table', 'Materials'), (3, 3, 'signature', 'Signature'),
          (3, 4, 'weblink', 'Procedure'), (3, 5, 'typeGroupings', 'Category')) f(s, o, type, label)
WHERE v <= 1 + t % 3 AND (SELECT count(*) FROM sections) > 0`,
    },
  ];
}

/** The submissions and their coordinators, and the actions raised on them. */
export function submissionSteps(): Step[] {
  return [
    {
      name: `submissions (${N}) and coordinators`,
      sql: `
CREATE TEMP TABLE scale_sub ON COMMIT DROP AS
SELECT i, age, t, least(1 + t % 3, 1 + (1825 - age) / 610) AS v, ${today} - age AS "formDate", c0,
  ((c0 + floor(pg_temp.rnd(i, 5) * 997)::int) % ${E}) + 1 AS c1,
  ((c0 + 997 + floor(pg_temp.rnd(i, 6) * 997)::int) % ${E}) + 1 AS c2,
  1 + i % 3 AS coordinators,
  CASE WHEN age < 30 THEN pg_temp.rnd(i, 7) < 0.6 ELSE pg_temp.rnd(i, 7) < CASE WHEN c0 = 1 THEN 0.10 ELSE 0.02 END END AS open,
  pg_temp.rnd(i, 8) < 0.3 AS draft,
  1 + floor(${WP} * pg_temp.rnd(i, 9))::int AS w, 1 + floor(${BPW} * pg_temp.rnd(i, 10))::int AS b,
  pg_temp.at(${today} - age, i) AS created
FROM (SELECT i, pg_temp.age(i, 1) AS age, least(${T}, 1 + floor(${T} * pg_temp.rnd(i, 2) ^ 1.7)::int) AS t,
        CASE WHEN pg_temp.rnd(i, 3) < 0.03 THEN 1 ELSE pg_temp.skew(i, 4) END AS c0
      FROM generate_series(1, ${N}) i) x;
CREATE UNIQUE INDEX ON scale_sub (i);
ANALYZE scale_sub;
INSERT INTO "FormSubmission" (id, "companyId", "templateId", "templateVersionId", number, "formDescription", "formDate",
  "workplaceId", "branchId", "formType", "recordedByEmployeeId", "supplierId", "isDraft", "isClosed", "closedAt",
  version, "createdAt", "updatedAt")
SELECT pg_temp.sid('sub:' || i), ${cid}, pg_temp.tpl(t), pg_temp.tv(t, v), 1000 + i,
  (${TEMPLATES})[t] || ' – ' || (${CITIES})[1 + w % 10] || ' Site ' || w || ' #' || (1000 + i), "formDate",
  pg_temp.wp(w), pg_temp.br(w, b), pg_temp.ftype(t), pg_temp.emp(c0),
  CASE WHEN t BETWEEN 25 AND 27 THEN pg_temp.sup(1 + floor(${S} * pg_temp.rnd(i, 11) ^ 2)::int) END,
  open AND draft, NOT open, CASE WHEN NOT open THEN least(pg_temp.nowts(), created + make_interval(days => 1 + i % 30)) END,
  1, created, CASE WHEN NOT open THEN least(pg_temp.nowts(), created + make_interval(days => 1 + i % 30)) ELSE created END
FROM scale_sub;
INSERT INTO "SubmissionCoordinator" (id, "companyId", "submissionId", "employeeId", position)
SELECT pg_temp.sid('coord:' || i || ':' || p), ${cid}, pg_temp.sid('sub:' || i),
  pg_temp.emp(CASE p WHEN 0 THEN c0 WHEN 1 THEN c1 ELSE c2 END), p
FROM scale_sub, generate_series(0, 2) p
WHERE p < coordinators`,
    },
    {
      name: `actions (${SCALE.actions})`,
      sql: `
INSERT INTO "Action" (id, "companyId", "submissionId", "fieldId", "taskNumber", instruction, "actionType",
  "assigneeEmployeeId", "assigneePersonnelId", "dueDate", "assignedOn", "completedOn", "isComplete", response,
  version, "createdAt", "updatedAt")
SELECT pg_temp.sid('act:' || j), ${cid}, pg_temp.sid('sub:' || i), pg_temp.sid('fld:' || t || ':' || v || ':3:1'), task,
  (${INSTRUCTIONS})[1 + j % 10], (CASE WHEN per IS NULL THEN 'internal' ELSE 'external' END)::"ActionType",
  CASE WHEN emp IS NOT NULL THEN pg_temp.emp(emp) END, CASE WHEN per IS NOT NULL THEN pg_temp.per(per) END,
  due, created, CASE WHEN NOT open THEN least(${today}, due - 5 + (j % 10)::int) END, NOT open,
  CASE WHEN NOT open THEN 'Done: ' || (${INSTRUCTIONS})[1 + j % 10] WHEN j % 10 = 3 THEN 'Started; parts on order.' END,
  1, created, CASE WHEN NOT open THEN least(pg_temp.nowts(), (due + 1) + time '16:00') ELSE created END
FROM (
  SELECT a.*, s.t, s.v, s.created, due,
    pg_temp.isopen(due, pg_temp.rnd(j, 25), emp = 1 OR per <= ${PPS}) AS open
  FROM (
    SELECT j, ((j - 1) % ${N}) + 1 AS i, (j - 1) / ${N} + 1 AS task,
      CASE WHEN r < 0.011 THEN 1 WHEN r < 0.06 THEN NULL ELSE pg_temp.skew(j, 23) END AS emp,
      CASE WHEN r < 0.011 OR r >= 0.06 THEN NULL
           WHEN pg_temp.rnd(j, 24) < 0.2 THEN 1 + floor(${PPS} * pg_temp.rnd(j, 26))::int
           ELSE ${PPS + 1} + floor(${P - PPS} * pg_temp.rnd(j, 26))::int END AS per
    FROM (SELECT j, pg_temp.rnd(j, 22) AS r FROM generate_series(1, ${SCALE.actions}) j) g
  ) a
  JOIN scale_sub s USING (i)
  CROSS JOIN LATERAL (SELECT s."formDate" + floor(45 * pg_temp.rnd(a.j, 21))::int AS due) d
) x`,
    },
  ];
}
