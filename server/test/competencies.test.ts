import { randomUUID } from 'node:crypto';
import {
  addDays,
  competencyDefaultExpiry,
  competencyMessages as say,
  localDateOf,
  type TCompetencyRecordSave,
  type TCompetencySave,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLink } from '../src/modules/links/service';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Competencies (issue 42): the catalogue, the records and their files, the matrix and its export,
 * and who reaches them. The callers: Mia (an employee without HR keys, Jack's manager), Ethan
 * (hrEmployeeRecord, no hrAdmin), Olivia (hrAdmin, no hrEmployeeRecord), Sam (another
 * organisation's administrator), a supplier, personnel and a link.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let linkToken: string;
const ids = { mia: '', ethan: '', jack: '', lucas: '', chloe: '', technician: '', driver: '' };
const today = localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  ctx = await setupTestApp();
  const mia = await setRoleKeys(ctx.db, 'mia.employee', { hrAdmin: false, hrEmployeeRecord: false });
  await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeeRecord: false });
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const companyId = mia.companyId;
  const named = (firstName: string) =>
    ctx.db.employee.findFirstOrThrow({ where: { companyId, firstName } }).then((row) => row.id);
  ids.mia = (await employeeOf(ctx.db, 'mia.employee')).id;
  ids.ethan = (await employeeOf(ctx.db, 'ethan.coordinator')).id;
  ids.jack = await named('Jack');
  ids.lucas = await named('Lucas');
  ids.chloe = await named('Chloe');
  const position = (name: string) =>
    ctx.db.position.findFirstOrThrow({ where: { companyId, name } }).then((row) => row.id);
  ids.technician = await position('Technician');
  ids.driver = await position('Driver');
  await ctx.db.employee.update({ where: { id: ids.jack }, data: { managerEmployeeId: ids.mia } });
  const link = await ctx.db.$transaction((tx) =>
    issueLink(tx, { companyId, resourceType: 'submission', resourceId: randomUUID(), operations: ['read'] }),
  );
  linkToken = link.token;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const unique = () => Math.random().toString(36).slice(2, 8);
const competency = (extra: Partial<TCompetencySave> = {}): TCompetencySave => ({
  name: `Forklift Licence ${unique()}`,
  kind: 'licence',
  description: 'LF class',
  expires: true,
  validForMonths: 24,
  ...extra,
});
const newCompetency = async (extra: Partial<TCompetencySave> = {}) =>
  (await data('olivia.admin', 'competencySave', competency(extra)))._id as string;
const record = (competencyId: string, employeeId: string, extra: Partial<TCompetencyRecordSave> = {}) => ({
  competencyId,
  employeeId,
  achievedOn: addDays(today, -100),
  reference: 'LF-1234',
  issuer: 'SafeWork',
  ...extra,
});
const newRecord = async (as: string, ...args: Parameters<typeof record>) =>
  (await data(as, 'competencyRecordSave', record(...args)))._id as string;
const upload = (as: string, recordId: string) => {
  const { payload, contentType } = multipartPayload({ _id: recordId }, [
    { name: 'ticket.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/competencyRecordFilesAdd',
    headers: { authtoken: tokens[as]!, 'content-type': contentType },
    payload,
  });
};
const get = (url: string, as?: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: as ? { authtoken: tokens[as]! } : {} });
const standingOf = async (as: string, employeeId: string, competencyId: string) => {
  const summary = await data(as, 'employeeCompetencySummary', { employeeId });
  return summary.rows.find((row: { competency: { _id: string } }) => row.competency._id === competencyId);
};

describe('the demo', () => {
  it("puts every standing on the matrix, Mia's own among them", async () => {
    const summary = await data('mia.employee', 'employeeCompetencySummary', { employeeId: ids.mia });
    const byName = Object.fromEntries(
      summary.rows.map((row: { competency: { name: string } }) => [row.competency.name, row]),
    );
    expect(byName['First Aid Certificate']).toMatchObject({ required: true, standing: 'held' });
    expect(byName['Working at Heights ticket']).toMatchObject({ standing: 'expiring', recordCount: 2 });
    expect(byName['Confined Space Entry']).toMatchObject({ standing: 'expired' });
    expect(byName['White Card']).toMatchObject({ required: true, standing: 'missing', latest: null });
    expect(byName['Manual Handling']).toMatchObject({ required: false, standing: 'held' });
    for (const standing of ['held', 'expiring', 'expired', 'missing'])
      expect((await data('olivia.admin', 'competencyMatrix', { standing })).total).toBeGreaterThan(1);
  });
});

describe('the catalogue', () => {
  it('is kept by hrAdmin and read by every employee of the organisation, not by another', async () => {
    const id = await newCompetency({ name: 'Working at Heights ticket (test)', kind: 'ticket' });
    await data('olivia.admin', 'competencyPositionsSet', { _id: id, positionIds: [ids.technician] });
    for (const as of ['mia.employee', 'ethan.coordinator', 'olivia.admin']) {
      const list = await data(as, 'competencyList', { search: 'heights ticket (test)' });
      expect(list).toMatchObject({
        total: 1,
        rows: [
          {
            _id: id,
            kind: 'ticket',
            expires: true,
            validForMonths: 24,
            isActive: true,
            positions: [{ _id: ids.technician, name: 'Technician' }],
          },
        ],
      });
    }
    expect((await data('sam.southbank', 'competencyList', { search: 'heights ticket (test)' })).total).toBe(
      0,
    );
    const options = await data('mia.employee', 'competencyOptions');
    expect(options.competencies.map((row: { _id: string }) => row._id)).toContain(id);
    expect(options.positions.length).toBeGreaterThan(0);
  });

  it('refuses changes without hrAdmin, to suppliers and personnel, and across organisations', async () => {
    const id = await newCompetency();
    for (const path of ['competencySave', 'competencySetActive', 'competencyPositionsSet']) {
      const body = path === 'competencySave' ? competency() : { _id: id, isActive: false, positionIds: [] };
      const refused = await call('mia.employee', path, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('access_key_missing');
      expect((await call('ethan.coordinator', path, body)).statusCode).toBe(403);
    }
    for (const as of ['acme.supplier', 'liam.personnel']) {
      const refused = await call(as, 'competencyList', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('caller_not_served');
    }
    expect((await call(linkToken, 'competencyList', {})).statusCode).toBe(401);
    expect(
      (await call('sam.southbank', 'competencySetActive', { _id: id, isActive: false })).statusCode,
    ).toBe(404);
    expect((await call('sam.southbank', 'competencySave', competency({ _id: id }))).statusCode).toBe(404);
    expect(
      (await call('sam.southbank', 'competencyPositionsSet', { _id: id, positionIds: [] })).statusCode,
    ).toBe(404);
  });

  it('answers bad input with clear messages', async () => {
    const name = `Fire Warden ${unique()}`;
    await newCompetency({ name });
    const taken = await call('olivia.admin', 'competencySave', competency({ name: name.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().response_message).toBe(say.nameTaken);
    const noMonths = await call('olivia.admin', 'competencySave', competency({ validForMonths: null }));
    expect(noMonths.statusCode).toBe(400);
    expect(JSON.stringify(noMonths.json().validation_errors)).toContain(say.validForRequired);
    for (const bad of [{ kind: 'diploma' }, { name: ' ' }, { validForMonths: 0 }, { validForMonths: 1.5 }]) {
      expect((await call('olivia.admin', 'competencySave', { ...competency(), ...bad })).statusCode).toBe(
        400,
      );
    }
    const id = await newCompetency();
    const unknownPosition = await call('olivia.admin', 'competencyPositionsSet', {
      _id: id,
      positionIds: [randomUUID()],
    });
    expect(unknownPosition.statusCode).toBe(400);
    expect(unknownPosition.json().response_message).toBe(say.positionMissing);
    expect((await call('olivia.admin', 'competencyList', { page: 0 })).statusCode).toBe(400);
    expect((await call('olivia.admin', 'competencyList', { kind: 'diploma' })).statusCode).toBe(400);
  });

  it('a skill that does not expire keeps no months; deactivated competencies leave the pick lists', async () => {
    const id = await newCompetency({ name: `Manual Handling ${unique()}`, kind: 'skill', expires: false });
    const [row] = (await data('olivia.admin', 'competencyList', { search: 'Manual Handling', status: 'all' }))
      .rows;
    expect(row).toMatchObject({ expires: false, validForMonths: null });
    await data('olivia.admin', 'competencySetActive', { _id: id, isActive: false });
    const options = await data('mia.employee', 'competencyOptions');
    expect(options.competencies.map((entry: { _id: string }) => entry._id)).not.toContain(id);
    const inactive = await data('olivia.admin', 'competencyList', { status: 'inactive' });
    expect(inactive.rows.map((entry: { _id: string }) => entry._id)).toContain(id);
    const refused = await call('mia.employee', 'competencyRecordSave', record(id, ids.mia));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_message).toBe(say.competencyInactive);
  });
});

describe("an employee's records", () => {
  it('the employee adds their own; the expiry defaults from the months; renewals become the latest', async () => {
    const id = await newCompetency({ validForMonths: 12 });
    const achievedOn = addDays(today, -400);
    const first = await newRecord('mia.employee', id, ids.mia, { achievedOn });
    let row = await standingOf('mia.employee', ids.mia, id);
    expect(row).toMatchObject({
      required: false,
      standing: 'expired',
      recordCount: 1,
      latest: { _id: first, expiresOn: competencyDefaultExpiry(achievedOn, 12), createdBy: 'Mia Torres' },
    });
    const renewal = await newRecord('mia.employee', id, ids.mia, {
      achievedOn: addDays(today, -5),
      expiresOn: addDays(today, 10),
    });
    row = await standingOf('mia.employee', ids.mia, id);
    expect(row).toMatchObject({
      standing: 'expiring',
      recordCount: 2,
      latest: { _id: renewal, isLatest: true },
    });
    await data('mia.employee', 'competencyRecordSave', {
      ...record(id, ids.mia),
      _id: renewal,
      achievedOn: addDays(today, -5),
      expiresOn: addDays(today, 300),
    });
    expect((await standingOf('mia.employee', ids.mia, id)).standing).toBe('held');
    const history = await data('mia.employee', 'competencyRecordList', {
      employeeId: ids.mia,
      competencyId: id,
    });
    expect(
      history.rows.map((entry: { _id: string; isLatest: boolean }) => [entry._id, entry.isLatest]),
    ).toEqual([
      [renewal, true],
      [first, false],
    ]);
    expect(history.rights).toEqual({ mayEdit: true, mayDelete: false });
    // Deleting the renewal (HR only) makes the first record the latest again.
    expect((await call('mia.employee', 'competencyRecordDelete', { _id: renewal })).statusCode).toBe(403);
    await data('ethan.coordinator', 'competencyRecordDelete', { _id: renewal });
    expect(await standingOf('mia.employee', ids.mia, id)).toMatchObject({
      standing: 'expired',
      latest: { _id: first, isLatest: true },
    });
  });

  it('a required competency without a record is missing; a skill that does not expire is held', async () => {
    const required = await newCompetency();
    const skill = await newCompetency({ kind: 'skill', expires: false });
    await data('olivia.admin', 'competencyPositionsSet', { _id: required, positionIds: [ids.technician] });
    await newRecord('ethan.coordinator', skill, ids.mia, { expiresOn: addDays(today, 5) });
    const summary = await data('ethan.coordinator', 'employeeCompetencySummary', { employeeId: ids.mia });
    expect(summary.employee).toMatchObject({
      _id: ids.mia,
      name: 'Mia Torres',
      position: { name: 'Technician' },
    });
    const byId = (competencyId: string) =>
      summary.rows.find((row: { competency: { _id: string } }) => row.competency._id === competencyId);
    expect(byId(required)).toMatchObject({
      required: true,
      standing: 'missing',
      latest: null,
      recordCount: 0,
    });
    expect(byId(skill)).toMatchObject({ required: false, standing: 'held', latest: { expiresOn: null } });
    expect(summary.counts.missing).toBeGreaterThanOrEqual(1);
    expect(summary.rights).toEqual({ mayEdit: true, mayDelete: true });
  });

  it('is read by the employee, their manager and HR; changed by HR and the employee; never by others', async () => {
    const id = await newCompetency();
    const jacks = await newRecord('ethan.coordinator', id, ids.jack);
    const chloes = await newRecord('olivia.admin', id, ids.chloe);
    // Mia manages Jack: she reads his records, but does not change them.
    const managed = await data('mia.employee', 'employeeCompetencySummary', { employeeId: ids.jack });
    expect(managed.rights).toEqual({ mayEdit: false, mayDelete: false });
    expect((await call('mia.employee', 'competencyRecordSave', record(id, ids.jack))).statusCode).toBe(403);
    expect(
      (await call('mia.employee', 'competencyRecordSave', { ...record(id, ids.jack), _id: jacks }))
        .statusCode,
    ).toBe(403);
    // Chloe is not hers: no summary, no records, no change.
    for (const path of ['employeeCompetencySummary', 'competencyRecordList'])
      expect((await call('mia.employee', path, { employeeId: ids.chloe })).statusCode).toBe(403);
    expect((await call('mia.employee', 'competencyRecordSave', record(id, ids.chloe))).statusCode).toBe(403);
    expect((await call('mia.employee', 'competencyRecordDelete', { _id: chloes })).statusCode).toBe(403);
    // HR: Ethan (hrEmployeeRecord) and Olivia (hrAdmin) read and change anyone's.
    for (const as of ['ethan.coordinator', 'olivia.admin'])
      expect(
        (await data(as, 'competencyRecordList', { employeeId: ids.chloe, competencyId: id })).total,
      ).toBe(1);
    await data('olivia.admin', 'competencyRecordSave', {
      ...record(id, ids.chloe),
      _id: chloes,
      notes: 'Seen',
    });
    // Another organisation: not found. Suppliers, personnel and links: not served.
    for (const path of ['employeeCompetencySummary', 'competencyRecordList'])
      expect((await call('sam.southbank', path, { employeeId: ids.chloe })).statusCode).toBe(404);
    expect((await call('sam.southbank', 'competencyRecordSave', record(id, ids.chloe))).statusCode).toBe(404);
    expect((await call('sam.southbank', 'competencyRecordDelete', { _id: chloes })).statusCode).toBe(404);
    for (const as of ['acme.supplier', 'liam.personnel'])
      expect((await call(as, 'employeeCompetencySummary', { employeeId: ids.chloe })).json().error_code).toBe(
        'caller_not_served',
      );
    expect((await call(linkToken, 'competencyRecordList', { employeeId: ids.chloe })).statusCode).toBe(401);
  });

  it('answers bad input with clear messages, never a 500', async () => {
    const id = await newCompetency();
    const before = await call('mia.employee', 'competencyRecordSave', {
      ...record(id, ids.mia),
      expiresOn: addDays(today, -200),
    });
    expect(before.statusCode).toBe(400);
    expect(JSON.stringify(before.json().validation_errors)).toContain(say.expiryBeforeAchieved);
    const bad = [
      { achievedOn: '2026-02-30' },
      { achievedOn: '' },
      { competencyId: 'nope' },
      { employeeId: 'nope' },
      { reference: 'x'.repeat(201) },
      { notes: 42 },
    ];
    for (const change of bad)
      expect(
        (await call('mia.employee', 'competencyRecordSave', { ...record(id, ids.mia), ...change }))
          .statusCode,
      ).toBe(400);
    const unknown = await call('mia.employee', 'competencyRecordSave', record(randomUUID(), ids.mia));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().response_message).toBe(say.competencyRequired);
    expect((await call('mia.employee', 'competencyRecordSave', record(id, randomUUID()))).statusCode).toBe(
      404,
    );
    expect(
      (await call('mia.employee', 'competencyRecordSave', { ...record(id, ids.mia), _id: randomUUID() }))
        .statusCode,
    ).toBe(404);
    expect((await call('mia.employee', 'employeeCompetencySummary', { employeeId: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('mia.employee', 'competencyRecordList', { employeeId: ids.mia, pageSize: 101 })).statusCode,
    ).toBe(400);
    expect(
      (await call('ethan.coordinator', 'competencyRecordDelete', { _id: randomUUID() })).statusCode,
    ).toBe(404);
  });
});

describe('evidence files', () => {
  it('follow the record: read by whoever reads it, added and removed by whoever edits it', async () => {
    const id = await newCompetency();
    const mine = await newRecord('mia.employee', id, ids.mia);
    const jacks = await newRecord('ethan.coordinator', id, ids.jack);
    const chloes = await newRecord('ethan.coordinator', id, ids.chloe);
    expect((await upload('mia.employee', mine)).statusCode).toBe(200);
    expect((await upload('ethan.coordinator', jacks)).statusCode).toBe(200);
    expect((await upload('olivia.admin', chloes)).statusCode).toBe(200);
    expect((await upload('mia.employee', jacks)).statusCode).toBe(403);
    expect((await upload('mia.employee', chloes)).statusCode).toBe(403);
    expect((await upload('sam.southbank', chloes)).statusCode).toBe(404);
    const fileOf = async (employeeId: string, recordId: string) => {
      const list = await data('ethan.coordinator', 'competencyRecordList', { employeeId, competencyId: id });
      const row = list.rows.find((entry: { _id: string }) => entry._id === recordId);
      return row.attachments[0] as { _id: string; path: string; name: string };
    };
    const [myFile, jacksFile, chloesFile] = [
      await fileOf(ids.mia, mine),
      await fileOf(ids.jack, jacks),
      await fileOf(ids.chloe, chloes),
    ];
    expect(myFile.name).toBe('ticket.pdf');
    const file = (path: string) => path.replace('/api/', '');
    for (const as of ['mia.employee', 'ethan.coordinator', 'olivia.admin'])
      expect((await get(file(myFile.path), as)).statusCode).toBe(200);
    expect((await get(file(jacksFile.path), 'mia.employee')).statusCode).toBe(200);
    for (const as of ['mia.employee', 'sam.southbank', 'acme.supplier', 'liam.personnel'])
      expect((await get(file(chloesFile.path), as)).statusCode).toBe(404);
    expect((await get(`${file(chloesFile.path)}?authtoken=${linkToken}`)).statusCode).toBe(404);
    // Removing: the manager may not; the employee may; the general delete call follows the same rule.
    const remove = (as: string, recordId: string, fileId: string) =>
      call(as, 'competencyRecordFileDelete', { _id: recordId, fileId });
    expect((await remove('mia.employee', jacks, jacksFile._id)).statusCode).toBe(403);
    expect((await remove('mia.employee', mine, jacksFile._id)).statusCode).toBe(404);
    expect((await remove('sam.southbank', chloes, chloesFile._id)).statusCode).toBe(404);
    expect((await remove('mia.employee', mine, myFile._id)).statusCode).toBe(200);
    expect(await ctx.db.attachment.count({ where: { id: myFile._id } })).toBe(0);
    // Deleting a record takes its files with it.
    await data('ethan.coordinator', 'competencyRecordDelete', { _id: chloes });
    expect(await ctx.db.attachment.count({ where: { ownerId: chloes } })).toBe(0);
  });
});

describe('the matrix', () => {
  it('shows every standing of the competencies in view, filtered, with the export alike', async () => {
    const name = `Confined Space Entry ${unique()}`;
    const id = await newCompetency({ name });
    await data('olivia.admin', 'competencyPositionsSet', {
      _id: id,
      positionIds: [ids.driver, ids.technician],
    });
    await newRecord('ethan.coordinator', id, ids.mia, { expiresOn: addDays(today, 200) });
    await newRecord('ethan.coordinator', id, ids.jack, { expiresOn: addDays(today, 20) });
    await newRecord('ethan.coordinator', id, ids.chloe, {
      achievedOn: addDays(today, -800),
      expiresOn: addDays(today, -1),
    });
    const matrix = await data('olivia.admin', 'competencyMatrix', { competencyId: id, pageSize: 100 });
    expect(matrix.columns).toEqual([expect.objectContaining({ _id: id, name })]);
    const standings = new Map(
      matrix.rows.map((row: { employee: { name: string }; cells: { standing: string }[] }) => [
        row.employee.name,
        row.cells[0]!.standing,
      ]),
    );
    expect(standings.get('Mia Torres')).toBe('held');
    expect(standings.get('Jack Morrison')).toBe('expiring');
    expect(standings.get('Chloe Adams')).toBe('expired');
    expect(standings.get('Lucas Romero')).toBe('missing');
    expect(standings.get('Henry Walsh')).toBe('missing');
    expect(standings.get('Olivia Bennett')).toBe('none');
    // Only active employees: William (Technician) is deactivated.
    expect(standings.has('William Chen')).toBe(false);
    for (const standing of ['held', 'expiring', 'expired', 'missing']) {
      const filtered = await data('ethan.coordinator', 'competencyMatrix', { competencyId: id, standing });
      const expected = [...standings].filter(([, value]) => value === standing).map(([person]) => person);
      expect(filtered.rows.map((row: { employee: { name: string } }) => row.employee.name)).toEqual(expected);
      expect(filtered.total).toBe(expected.length);
    }
    const expiringAnywhere = await data('olivia.admin', 'competencyMatrix', {
      standing: 'expiring',
      search: 'Jack',
    });
    expect(expiringAnywhere.rows.map((row: { employee: { _id: string } }) => row.employee._id)).toEqual([
      ids.jack,
    ]);
    expect(expiringAnywhere.columns.map((column: { _id: string }) => column._id)).toContain(id);
    const byPosition = await data('olivia.admin', 'competencyMatrix', {
      positionId: ids.driver,
      competencyId: id,
    });
    expect(byPosition.rows.map((row: { employee: { name: string } }) => row.employee.name)).toEqual([
      'Henry Walsh',
    ]);

    const csv = await get(`competencyMatrixExport?competencyId=${id}`, 'olivia.admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(`Employee,Position,Workplace,${name}`);
    expect(lines).toContain(
      `Jack Morrison,Warehouse Operative,Riverside Depot,Expiring (${addDays(today, 20)})`,
    );
    expect(lines).toContain('Lucas Romero,Technician,Riverside Depot,Missing');
  });

  it('HR sees everyone, a manager their direct reports, anyone else is refused', async () => {
    const id = await newCompetency();
    await newRecord('ethan.coordinator', id, ids.jack);
    // Mia leads the workshop in the demo (Lucas; William has left) and manages Jack in these tests.
    const mine = await data('mia.employee', 'competencyMatrix', { pageSize: 100 });
    expect(mine.rows.map((row: { employee: { _id: string } }) => row.employee._id)).toEqual([
      ids.jack,
      ids.lucas,
    ]);
    const everyone = await data('ethan.coordinator', 'competencyMatrix', { pageSize: 100 });
    expect(everyone.total).toBeGreaterThan(5);
    const sams = await data('sam.southbank', 'competencyMatrix', { pageSize: 100 });
    expect(sams.rows.map((row: { employee: { _id: string } }) => row.employee._id)).not.toContain(ids.jack);
    for (const as of ['acme.supplier', 'liam.personnel'])
      expect((await call(as, 'competencyMatrix', {})).statusCode).toBe(403);
    expect((await get('competencyMatrixExport', 'liam.personnel')).statusCode).toBe(403);
    expect((await call(linkToken, 'competencyMatrix', {})).statusCode).toBe(401);
    // Without an active report Mia is no manager: William has left, Lucas reports to Ethan for now.
    await ctx.db.employee.updateMany({
      where: { id: { in: [ids.jack, ids.lucas] } },
      data: { managerEmployeeId: ids.ethan },
    });
    try {
      expect((await call('mia.employee', 'competencyMatrix', {})).statusCode).toBe(403);
      expect((await get('competencyMatrixExport', 'mia.employee')).statusCode).toBe(403);
    } finally {
      await ctx.db.employee.updateMany({
        where: { id: { in: [ids.jack, ids.lucas] } },
        data: { managerEmployeeId: ids.mia },
      });
    }
    for (const bad of [{ pageSize: 1000 }, { standing: 'none' }, { competencyId: 'x' }, { page: 0 }])
      expect((await call('olivia.admin', 'competencyMatrix', bad)).statusCode).toBe(400);
    expect((await get('competencyMatrixExport?standing=lost', 'olivia.admin')).statusCode).toBe(400);
  });
});

describe('the change log', () => {
  it("reads a competency's history with hrAdmin and a record's with hrEmployeeRecord, in their organisation", async () => {
    const id = await newCompetency();
    await data('olivia.admin', 'competencySetActive', { _id: id, isActive: false });
    const log = (as: string, entityType: string, entityId: string) =>
      call(as, 'changeLogList', { entityType, entityId });
    const catalogue = await data('olivia.admin', 'changeLogList', { entityType: 'competency', entityId: id });
    expect(catalogue.list.map((entry: { action: string }) => entry.action)).toEqual([
      'deactivated',
      'created',
    ]);
    expect(catalogue.list[0].changes).toContainEqual({ field: 'isActive', from: null, to: 'No' });
    await data('olivia.admin', 'competencySetActive', { _id: id, isActive: true });
    const recordId = await newRecord('ethan.coordinator', id, ids.jack);
    await data('ethan.coordinator', 'competencyRecordSave', {
      ...record(id, ids.jack),
      _id: recordId,
      issuer: 'TAFE',
    });
    const history = await data('ethan.coordinator', 'changeLogList', {
      entityType: 'competencyRecord',
      entityId: recordId,
    });
    expect(history.list.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
    expect(history.list[0].changes).toContainEqual({ field: 'issuer', from: 'SafeWork', to: 'TAFE' });
    // The record's own employee and its manager read the record, not its log; hrAdmin alone does not either.
    for (const as of ['mia.employee', 'olivia.admin'])
      expect((await log(as, 'competencyRecord', recordId)).statusCode).toBe(403);
    expect((await log('mia.employee', 'competency', id)).statusCode).toBe(403);
    expect((await log('sam.southbank', 'competency', id)).statusCode).toBe(404);
    expect((await log('sam.southbank', 'competencyRecord', recordId)).statusCode).toBe(404);
  });
});
