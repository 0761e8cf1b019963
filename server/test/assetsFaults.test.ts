import { assetMessages as say } from '@compass/shared';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/** The Asset Register's faults, QR label, history and CSV import (issue 44). */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: Record<'fl01' | 'ac3' | 'fp1' | 'pw2', string>;
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const asset = async (number: string) => (await ctx.db.asset.findFirstOrThrow({ where: { number } })).id;
  ids = {
    fl01: await asset('FL-01'),
    ac3: await asset('AC-3'),
    fp1: await asset('FP-1'),
    pw2: await asset('PW-2'),
  };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const api = () => request(ctx.app.server);
const multipart = (
  path: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
  as = 'mia.employee',
) => {
  const { payload, contentType } = multipartPayload(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { authtoken: tokens[as]!, 'content-type': contentType },
    payload,
  });
};

describe('faults', () => {
  it('an employee’s fault opens corrective maintenance and may take the asset out of service', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#aa3322' } })
      .png()
      .toBuffer();
    const reported = await multipart(
      'assetFaultReport',
      { assetId: ids.fl01, description: 'Hydraulic hose leaking under the mast', takeOutOfService: 'yes' },
      [{ name: 'leak.png', content: png }],
    );
    expect(reported.statusCode).toBe(200);
    expect(reported.json().response_message).toBe(say.faultReported);
    const fault = await ctx.db.assetFault.findUniqueOrThrow({
      where: { id: reported.json().response_data._id },
      include: { record: true },
    });
    expect(fault).toMatchObject({ tookOutOfService: true, reporterName: null });
    expect(fault.record).toMatchObject({
      kind: 'corrective',
      status: 'open',
      title: 'Fault: Hydraulic hose leaking under the mast',
    });
    expect(await ctx.db.asset.findUniqueOrThrow({ where: { id: ids.fl01 } })).toMatchObject({
      status: 'outOfService',
      openFaultCount: 1,
    });
    expect(await ctx.db.attachment.count({ where: { ownerType: 'assetFault', ownerId: fault.id } })).toBe(1);
    // Any employee may report one; not another organisation's asset, nor a disposed one.
    const fault2 = { assetId: ids.ac3, description: 'Noisy belt' };
    expect((await multipart('assetFaultReport', fault2, [], 'ethan.coordinator')).statusCode).toBe(200);
    expect((await ctx.db.asset.findUniqueOrThrow({ where: { id: ids.ac3 } })).status).toBe('inService');
    expect((await multipart('assetFaultReport', fault2, [], 'sam.southbank')).statusCode).toBe(404);
    const disposed = await multipart('assetFaultReport', { assetId: ids.pw2, description: 'Leaks' }, []);
    expect([disposed.statusCode, disposed.json().response_message]).toEqual([400, say.faultAssetDisposed]);
    const empty = await multipart('assetFaultReport', { assetId: ids.ac3, description: ' ' }, []);
    expect([empty.statusCode, empty.json().response_message]).toEqual([400, say.faultDescriptionRequired]);
    for (const as of ['acme.supplier', 'liam.personnel'])
      expect((await multipart('assetFaultReport', fault2, [], as)).json().error_code).toBe(
        'caller_not_served',
      );
  });

  it('the QR label’s public page shows the asset and takes a guest’s fault', async () => {
    const label = await ctx.app.inject({
      method: 'POST',
      url: '/api/assetLabel',
      payload: { assetId: ids.ac3 },
    });
    expect(label.json().response_data).toMatchObject({
      number: 'AC-3',
      name: 'Air Compressor AC-3',
      status: 'inService',
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/assetLabel',
      payload: { assetId: NOBODY },
    });
    expect([unknown.statusCode, unknown.json().response_message]).toEqual([404, say.faultAssetUnknown]);
    const guest = (body: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/assetLabelFault', payload: body });
    const fault = {
      assetId: ids.ac3,
      description: 'Oil on the floor',
      reporterName: 'Pat Visitor',
      takeOutOfService: 'yes',
    };
    expect((await guest(fault)).statusCode).toBe(200);
    const stored = await ctx.db.assetFault.findFirstOrThrow({ where: { reporterName: 'Pat Visitor' } });
    expect(stored).toMatchObject({ assetId: ids.ac3, tookOutOfService: true, reportedByEmployeeId: null });
    const refusal = async (body: object) => {
      const answer = await guest(body);
      return [answer.statusCode, answer.json().response_message];
    };
    expect(await refusal({ ...fault, reporterName: ' ' })).toEqual([400, say.faultReporterRequired]);
    expect(await refusal({ ...fault, assetId: NOBODY })).toEqual([404, say.faultAssetUnknown]);
    expect(await refusal({ ...fault, assetId: ids.pw2 })).toEqual([400, say.faultAssetDisposed]);
  });

  it('prints the QR label poster of an asset', async () => {
    const poster = await api()
      .get(`/api/assetQrLabel/${ids.fp1}`)
      .set('authtoken', tokens['mia.employee']!)
      .buffer(true);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toContain('image/svg+xml');
    const svg = poster.body.toString();
    expect(svg).toContain('FP-1');
    expect(svg).toContain('Scan to report a fault');
    expect(svg).toContain(`/qr/asset-fault/${ids.fp1}`);
    expect(
      (await api().get(`/api/assetQrLabel/${ids.fp1}`).set('authtoken', tokens['sam.southbank']!)).status,
    ).toBe(404);
  });
});

describe('history', () => {
  it('lists maintenance, faults, changes and the submissions the caller may open, newest first', async () => {
    const history = await data('olivia.admin', 'assetHistory', { assetId: ids.fp1 });
    const kinds = new Set(history.entries.map((entry: { kind: string }) => entry.kind));
    expect(kinds.has('submission')).toBe(true);
    const submission = history.entries.find((entry: { kind: string }) => entry.kind === 'submission');
    expect(submission.title).toMatch(/^FS \d+ /);
    const ats = history.entries.map((entry: { at: string }) => entry.at.slice(0, 10));
    expect([...ats].sort().reverse()).toEqual(ats);
    const fl01 = await data('mia.employee', 'assetHistory', { assetId: ids.fl01 });
    expect(new Set(fl01.entries.map((entry: { kind: string }) => entry.kind))).toEqual(
      new Set(['maintenance', 'fault', 'submission', 'change']),
    );
    const faults = await data('mia.employee', 'assetHistory', { assetId: ids.fl01, kind: 'fault' });
    expect(faults.entries[0]).toMatchObject({
      title: 'Fault reported',
      status: 'open',
      recordId: expect.any(String),
    });
    // Without Records access Mia sees only her own submissions: FP-1's inspection is Ethan's.
    await setRoleKeys(ctx.db, 'mia.employee', {
      formSubmissionAllRecord: false,
      formSubmissionRecord: false,
    });
    try {
      const mine = await data('mia.employee', 'assetHistory', { assetId: ids.fp1, kind: 'submission' });
      expect(mine.entries).toEqual([]);
      const own = await data('mia.employee', 'assetHistory', { assetId: ids.fl01, kind: 'submission' });
      expect(own.entries.length).toBeGreaterThan(0);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', {
        formSubmissionAllRecord: true,
        formSubmissionRecord: true,
      });
    }
    expect((await call('sam.southbank', 'assetHistory', { assetId: ids.fp1 })).statusCode).toBe(404);
    expect((await call('mia.employee', 'assetHistory', { assetId: ids.fp1, kind: 'other' })).statusCode).toBe(
      400,
    );
  });
});

describe('import', () => {
  const importing = (csv: string, as = 'mia.employee') =>
    multipart('assetImport', {}, csv ? [{ name: 'assets.csv', content: Buffer.from(csv) }] : [], as);

  it('reads a ;-separated file whose values hold commas: a place, a decimal comma', async () => {
    const csv = 'Number;Name;Location;Purchase cost\r\nIMP-9;Hoist;Bay 3, Level 2;1250,50\r\n';
    const imported = await importing(csv);
    expect(imported.statusCode).toBe(200);
    const hoist = await ctx.db.asset.findFirstOrThrow({ where: { number: 'IMP-9' } });
    expect([hoist.location, hoist.purchaseCost?.toFixed(2)]).toEqual(['Bay 3, Level 2', '1250.50']);
  });

  it('adds and changes assets from a CSV file (Excel’s ; and BOM), all lines or none', async () => {
    const csv =
      '\uFEFFnumber;NAME;Category;Owner email;Purchase cost;Status\r\nIMP-1;Step ladder;Ladders new;;120.50;\r\nIMP-2;Drill;;;;Out of service\r\n';
    const first = await importing(csv);
    expect([first.statusCode, first.json().response_message]).toEqual([200, say.imported(2, 0)]);
    const drill = await ctx.db.asset.findFirstOrThrow({ where: { number: 'IMP-2' } });
    expect(drill.status).toBe('outOfService');
    expect(await ctx.db.assetCategory.count({ where: { name: 'Ladders new' } })).toBe(1);
    const again = await importing('Number,Name\nimp-1,Step ladder 3 m\nIMP-3,Grinder\n');
    expect(again.json().response_data).toEqual({ created: 1, updated: 1 });
    expect((await ctx.db.asset.findFirstOrThrow({ where: { number: 'IMP-1' } })).name).toBe(
      'Step ladder 3 m',
    );
    const bad = await importing('Number,Name,Workplace\nIMP-4,Saw,\nIMP-5,,\nIMP-6,Sander,Nowhere\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response_message).toBe(
      [say.importLine(3, say.nameRequired), say.importLine(4, say.workplaceUnknown)].join('\n'),
    );
    expect(await ctx.db.asset.count({ where: { number: 'IMP-4' } })).toBe(0);
  });

  it('refuses a file without assets, without a Name column or without a file', async () => {
    const message = async (csv: string) => (await importing(csv)).json().response_message;
    expect(await message('Name\n')).toBe(say.importEmpty);
    expect(await message('Number,Make\nX-1,Bosch\n')).toBe(say.importNameColumn);
    expect(await message('')).toBe(say.importFileRequired);
    expect((await importing('Name\nSaw\n', 'acme.supplier')).json().error_code).toBe('caller_not_served');
  });
});
