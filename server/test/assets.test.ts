import { assetMessages as say, type TAssetSave } from '@compass/shared';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
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

/** The Asset Register (issue 44): list, export, options, pickers, details, save, status, files, categories. */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: Record<
  | 'fl01'
  | 'fl02'
  | 'pw2'
  | 'forklifts'
  | 'vehicles'
  | 'ethan'
  | 'workplace'
  | 'branch'
  | 'otherWorkplace'
  | 'southbankCategory',
  string
>;
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const asset = async (number: string) => (await ctx.db.asset.findFirstOrThrow({ where: { number } })).id;
  const category = async (name: string) =>
    (await ctx.db.assetCategory.findFirstOrThrow({ where: { name } })).id;
  const ethan = await employeeOf(ctx.db, 'ethan.coordinator');
  const sam = await employeeOf(ctx.db, 'sam.southbank');
  const workplaces = await ctx.db.workplace.findMany({
    where: { companyId: ethan.companyId },
    include: { branches: true },
  });
  const withBranch = workplaces.find((workplace) => workplace.branches.length > 0)!;
  const other = workplaces.find((workplace) => workplace.id !== withBranch.id)!;
  ids = {
    fl01: await asset('FL-01'),
    fl02: await asset('FL-02'),
    pw2: await asset('PW-2'),
    forklifts: await category('Forklifts'),
    vehicles: await category('Vehicles'),
    ethan: ethan.id,
    workplace: withBranch.id,
    branch: withBranch.branches[0]!.id,
    otherWorkplace: other.id,
    southbankCategory: (
      await ctx.db.assetCategory.create({ data: { companyId: sam.companyId, name: 'Southbank pumps' } })
    ).id,
  };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const api = () => request(ctx.app.server);
const unique = () => Math.random().toString(36).slice(2, 8);
const asset = (extra: Partial<TAssetSave> = {}): TAssetSave => ({ name: `Ladder ${unique()}`, ...extra });
const messageOf = async (
  response: Promise<{ statusCode: number; json: () => { response_message: string } }>,
) => {
  const answered = await response;
  return [answered.statusCode, answered.json().response_message] as const;
};

describe('the register', () => {
  it('lists, searches, filters and sorts the organisation’s assets with their open work', async () => {
    const all = await data('mia.employee', 'assetList', {});
    expect(all.total).toBe(7);
    expect(all.rows.map((row: { number: string }) => row.number).slice(0, 3)).toEqual([
      'AC-3',
      'FL-01',
      'FL-02',
    ]);
    const search = await data('mia.employee', 'assetList', { search: 'TOYOTA' });
    expect(search.rows.map((row: { number: string }) => row.number)).toEqual(['FL-01', 'FL-02']);
    expect((await data('mia.employee', 'assetList', { status: 'disposed' })).rows[0].number).toBe('PW-2');
    const overdue = await data('mia.employee', 'assetList', { attention: 'overdue' });
    expect(overdue.rows.map((row: { number: string }) => row.number)).toContain('FL-02');
    expect(overdue.rows.every((row: { taskDueDateType: string }) => row.taskDueDateType === 'overdue')).toBe(
      true,
    );
    const faults = await data('mia.employee', 'assetList', { attention: 'fault' });
    expect(
      faults.rows.map((row: { number: string; openFaults: number }) => [row.number, row.openFaults]),
    ).toEqual([['SL-07', 1]]);
    const byName = await data('mia.employee', 'assetList', {
      sort: 'name',
      sortDirection: 'desc',
      pageSize: 2,
    });
    expect(byName.rows.map((row: { name: string }) => row.name)).toEqual([
      'Scissor Lift SL-07',
      'Pressure Washer PW-2',
    ]);
    expect(byName.total).toBe(7);
    // A search (the matches' ids, then the page's rows by id): every order, both ways, pages too.
    for (const sort of ['number', 'name', 'nextMaintenanceDue', 'createdAt'] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const first = await data('mia.employee', 'assetList', {
          search: 'lift',
          sort,
          sortDirection,
          pageSize: 2,
        });
        const second = await data('mia.employee', 'assetList', {
          search: 'lift',
          sort,
          sortDirection,
          pageSize: 2,
          page: 2,
        });
        const numbers = [...first.rows, ...second.rows].map((row: { number: string }) => row.number);
        expect([first.total, second.total]).toEqual([3, 3]);
        expect([...numbers].sort()).toEqual(['FL-01', 'FL-02', 'SL-07']);
      }
    }
    const fl01 = all.rows.find((row: { number: string }) => row.number === 'FL-01');
    expect(fl01).toMatchObject({
      category: 'Forklifts',
      make: 'Toyota',
      owner: expect.any(String),
      status: 'inService',
    });
    // Another organisation's register is its own.
    const southbank = await data('sam.southbank', 'assetList', {});
    expect(southbank.rows.map((row: { _id: string }) => row._id)).not.toContain(ids.fl01);
    expect(southbank.total).toBeLessThan(7);
    const southbankSearched = await data('sam.southbank', 'assetList', { search: 'toyota' });
    expect(southbankSearched.rows.map((row: { _id: string }) => row._id)).not.toContain(ids.fl01);
  });

  it('exports the filtered register as CSV and as XLSX', async () => {
    const csv = await api().get('/api/assetExport?search=forklift').set('authtoken', tokens['mia.employee']!);
    expect(csv.status).toBe(200);
    expect(csv.headers['x-export-truncated']).toBe('no');
    const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Number,Name,Category,/);
    expect(lines).toHaveLength(3);
    const xlsx = await api()
      .get('/api/assetExport?format=xlsx')
      .set('authtoken', tokens['mia.employee']!)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('offers categories, workplaces with branches, people, suppliers and forms', async () => {
    const options = await data('mia.employee', 'assetOptions');
    expect(options.categories.map((row: { name: string }) => row.name)).toContain('Forklifts');
    expect(
      options.workplaces.find((row: { _id: string }) => row._id === ids.workplace).branches.length,
    ).toBeGreaterThan(0);
    const people = await data('mia.employee', 'assetPickerSearch', { kind: 'employee', search: 'ethan' });
    expect(people.options.map((row: { _id: string }) => row._id)).toContain(ids.ethan);
    const suppliers = await data('mia.employee', 'assetPickerSearch', { kind: 'supplier', search: 'acme' });
    expect(suppliers.options.map((row: { name: string }) => row.name)).toContain('Acme Contracting');
    const forms = await data('mia.employee', 'assetPickerSearch', { kind: 'formTemplate' });
    expect(forms.options.length).toBeGreaterThan(0);
    expect((await call('mia.employee', 'assetPickerSearch', { kind: 'nobody' })).statusCode).toBe(400);
  });
});

describe('one asset', () => {
  it('shows its details; another organisation’s is not found', async () => {
    const details = await data('mia.employee', 'assetDetails', { _id: ids.fl01 });
    expect(details).toMatchObject({ number: 'FL-01', category: { name: 'Forklifts' }, status: 'inService' });
    expect(details.purchaseCost).toMatch(/^\d+\.\d{2}$/);
    expect((await call('sam.southbank', 'assetDetails', { _id: ids.fl01 })).statusCode).toBe(404);
    expect((await call('mia.employee', 'assetDetails', { _id: NOBODY })).statusCode).toBe(404);
  });

  it('creates an asset with the next free number and its category’s maintenance, and changes it', async () => {
    const first = await data('mia.employee', 'assetSave', asset({ categoryId: ids.forklifts }));
    const created = await ctx.db.asset.findUniqueOrThrow({ where: { id: first._id } });
    expect(created.number).toMatch(/^A-\d{5}$/);
    const second = await data('mia.employee', 'assetSave', asset());
    const next = await ctx.db.asset.findUniqueOrThrow({ where: { id: second._id } });
    expect(Number(next.number.slice(2))).toBe(Number(created.number.slice(2)) + 1);
    // The Forklifts plan gives the new forklift its open record.
    const open = await ctx.db.maintenanceRecord.count({ where: { assetId: first._id, status: 'open' } });
    expect(open).toBeGreaterThan(0);
    // Moving it to another category cancels the old category's open records.
    await data('mia.employee', 'assetSave', {
      ...asset(),
      _id: first._id,
      number: created.number,
      categoryId: ids.vehicles,
    });
    expect(await ctx.db.maintenanceRecord.count({ where: { assetId: first._id, status: 'open' } })).toBe(0);
    const log = await ctx.db.changeLog.findMany({ where: { entityType: 'asset', entityId: first._id } });
    expect(log.map((row) => row.action)).toEqual(expect.arrayContaining(['created', 'updated']));
  });

  it('refuses bad input with the contract’s messages', async () => {
    const refused = (body: object) => messageOf(call('mia.employee', 'assetSave', body));
    expect(await refused({ name: ' ' })).toEqual([400, say.nameRequired]);
    expect(await refused(asset({ number: 'fl-01' }))).toEqual([400, say.numberTaken]);
    expect(await refused(asset({ number: 'A<1>' }))).toEqual([400, say.numberInvalid]);
    expect(await refused(asset({ categoryId: ids.southbankCategory }))).toEqual([400, say.categoryUnknown]);
    expect(await refused(asset({ workplaceId: NOBODY }))).toEqual([400, say.workplaceUnknown]);
    expect(await refused(asset({ workplaceId: ids.otherWorkplace, branchId: ids.branch }))).toEqual([
      400,
      say.branchUnknown,
    ]);
    expect(await refused(asset({ ownerId: NOBODY }))).toEqual([400, say.personUnknown]);
    expect(await refused(asset({ supplierId: NOBODY }))).toEqual([400, say.supplierUnknown]);
    expect(await refused(asset({ purchaseDate: '2999-01-01' }))).toEqual([400, say.purchaseInFuture]);
    expect(await refused(asset({ purchaseDate: '2020-02-30' }))).toEqual([400, say.dayInvalid]);
    expect(await refused(asset({ purchaseCost: 1.005 }))).toEqual([400, say.costInvalid]);
    expect(await refused({ ...asset(), _id: NOBODY })).toEqual([404, expect.any(String)]);
    expect(await refused({ ...asset(), _id: ids.pw2, number: 'PW-2' })).toEqual([400, say.disposed]);
  });

  it('gives one of two racing saves of a number the number and the other numberTaken', async () => {
    const number = `R-${unique()}`;
    const answers = await Promise.all([
      call('mia.employee', 'assetSave', asset({ number })),
      call('ethan.coordinator', 'assetSave', asset({ number: number.toLowerCase() })),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().response_message).toBe(
      say.numberTaken,
    );
    // Two new assets without a number draw different numbers.
    const drawn = await Promise.all([0, 1, 2].map(() => data('mia.employee', 'assetSave', asset())));
    const numbers = await ctx.db.asset.findMany({ where: { id: { in: drawn.map((row) => row._id) } } });
    expect(new Set(numbers.map((row) => row.number)).size).toBe(3);
  });
});

describe('status', () => {
  it('takes out of service, returns, and disposes of an asset for good', async () => {
    const { _id } = await data('mia.employee', 'assetSave', asset({ categoryId: ids.forklifts }));
    const set = (status: string, reason = 'Checked') =>
      messageOf(call('mia.employee', 'assetStatusSet', { _id, status, reason }));
    expect(await set('outOfService')).toEqual([200, say.statusChanged]);
    expect(await set('outOfService')).toEqual([400, say.statusSame]);
    expect(await set('inService', ' ')).toEqual([400, say.reasonRequired]);
    expect(await set('inService')).toEqual([200, say.statusChanged]);
    expect(await set('disposed', 'Scrapped')).toEqual([200, say.statusChanged]);
    expect(await ctx.db.asset.findUniqueOrThrow({ where: { id: _id } })).toMatchObject({
      status: 'disposed',
      isActive: false,
    });
    expect(await ctx.db.maintenanceRecord.count({ where: { assetId: _id, status: 'open' } })).toBe(0);
    expect(await set('inService')).toEqual([400, say.disposed]);
    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityId: _id, action: 'status changed' },
      orderBy: { createdAt: 'desc' },
    });
    expect(log.changes).toMatchObject({ status: ['inService', 'disposed'], reason: [null, 'Scrapped'] });
    expect(
      (await call('sam.southbank', 'assetStatusSet', { _id: ids.fl02, status: 'outOfService', reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('files', () => {
  const upload = (
    fields: Record<string, string>,
    files: { name: string; content: Buffer }[],
    as = 'mia.employee',
  ) => {
    const { payload, contentType } = multipartPayload(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/assetFilesAdd',
      headers: { authtoken: tokens[as]!, 'content-type': contentType },
      payload,
    });
  };

  it('adds photos (images only) and documents, listed apart', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const pdf = { name: 'manual.pdf', content: Buffer.from('%PDF-1.4\n%%EOF') };
    expect((await upload({ _id: ids.fl02, kind: 'photo' }, [pdf])).statusCode).toBe(400);
    expect(
      (await upload({ _id: ids.fl02, kind: 'photo' }, [{ name: 'front.png', content: png }])).statusCode,
    ).toBe(200);
    expect((await upload({ _id: ids.fl02, kind: 'document' }, [pdf])).statusCode).toBe(200);
    const details = await data('mia.employee', 'assetDetails', { _id: ids.fl02 });
    expect(details.photos.map((file: { name: string }) => file.name)).toEqual(['front.png']);
    expect(details.documents.map((file: { name: string }) => file.name)).toEqual(['manual.pdf']);
    const file = await api().get(details.photos[0].path).set('authtoken', tokens['ethan.coordinator']!);
    expect(file.status).toBe(200);
    expect((await api().get(details.photos[0].path).set('authtoken', tokens['sam.southbank']!)).status).toBe(
      404,
    );
    expect((await upload({ _id: ids.fl02, kind: 'document' }, [pdf], 'sam.southbank')).statusCode).toBe(404);
    expect((await upload({ _id: ids.pw2, kind: 'document' }, [pdf])).statusCode).toBe(400);
    expect((await upload({ _id: 'x', kind: 'document' }, [pdf])).statusCode).toBe(400);
  });
});

describe('categories', () => {
  it('creates, renames and deletes categories; names are unique and used ones stay', async () => {
    const name = `Ladders ${unique()}`;
    const { _id } = await data('mia.employee', 'assetCategorySave', { name });
    expect(await messageOf(call('mia.employee', 'assetCategorySave', { name: name.toUpperCase() }))).toEqual([
      400,
      say.categoryNameTaken,
    ]);
    expect(await messageOf(call('mia.employee', 'assetCategorySave', { name: ' ' }))).toEqual([
      400,
      say.categoryNameRequired,
    ]);
    expect(await messageOf(call('mia.employee', 'assetCategorySave', { _id, name: `${name} 2` }))).toEqual([
      200,
      say.categorySaved,
    ]);
    expect(await messageOf(call('mia.employee', 'assetCategoryDelete', { _id: ids.forklifts }))).toEqual([
      400,
      say.categoryInUse,
    ]);
    expect((await call('sam.southbank', 'assetCategoryDelete', { _id })).statusCode).toBe(404);
    expect(await messageOf(call('mia.employee', 'assetCategoryDelete', { _id }))).toEqual([
      200,
      say.categoryDeleted,
    ]);
  });
});

describe('callers', () => {
  it('refuses supplier users, personnel and employees whose role lacks plant', async () => {
    for (const as of ['acme.supplier', 'liam.personnel'])
      expect((await call(as, 'assetList', {})).json().error_code).toBe('caller_not_served');
    await setRoleKeys(ctx.db, 'mia.employee', { plant: false });
    try {
      expect((await call('mia.employee', 'assetList', {})).json().error_code).toBe('access_key_missing');
      expect((await call('mia.employee', 'assetDetails', { _id: ids.fl01 })).json().error_code).toBe(
        'access_key_missing',
      );
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { plant: true });
    }
  });
});
