import {
  addDays,
  displayDay,
  localDateOf,
  maintenanceMessages as say,
  nextMaintenanceDue,
  type TMaintenanceDetails,
  type TMaintenancePlan,
  type TMaintenanceRow,
  type TMaintenancePlanSave,
} from '@compass/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/db/days';
import {
  apiCalls,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/** Maintenance plans, the Maintenance Register and its records: who sees, completes and changes what. */
let ctx: TestContext;
let tokens: Record<string, string>;
let northwind: string;
let ids: {
  mia: string;
  ethan: string;
  acme: string;
  forklifts: string;
  fl01: string;
  compressor: string;
  southbankAsset: string;
  southbankEmployee: string;
};
let today: string;

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const REGISTER = 'olivia.admin';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [
    'olivia.admin',
    'ethan.coordinator',
    'mia.employee',
    'sam.southbank',
    'acme.supplier',
    'liam.personnel',
  ]);
  // The register is the plant key's; Mia and Ethan do maintenance without it.
  await setRoleKeys(ctx.db, 'mia.employee', { plant: false });
  await setRoleKeys(ctx.db, 'ethan.coordinator', { plant: false });
  await setRoleKeys(ctx.db, 'olivia.admin', { plant: true });
  await setRoleKeys(ctx.db, 'sam.southbank', { plant: true });
  const mia = await employeeOf(ctx.db, 'mia.employee');
  northwind = mia.companyId;
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } });
  today = localDateOf(new Date(), company.timeZone);
  const asset = (name: string) =>
    ctx.db.asset.findFirstOrThrow({ where: { companyId: northwind, name } }).then((row) => row.id);
  const sam = await employeeOf(ctx.db, 'sam.southbank');
  ids = {
    mia: mia.id,
    ethan: (await employeeOf(ctx.db, 'ethan.coordinator')).id,
    acme: (
      await ctx.db.supplierCompany.findFirstOrThrow({
        where: { companyId: northwind, name: 'Acme Contracting' },
      })
    ).id,
    forklifts: (
      await ctx.db.assetCategory.findFirstOrThrow({ where: { companyId: northwind, name: 'Forklifts' } })
    ).id,
    fl01: await asset('Forklift FL-01'),
    compressor: await asset('Air Compressor AC-3'),
    southbankAsset: (
      await ctx.db.asset.upsert({
        where: { id: '5b000000-0000-4000-8000-000000000001' },
        update: {},
        create: {
          id: '5b000000-0000-4000-8000-000000000001',
          companyId: sam.companyId,
          number: 'SB-1',
          name: 'Southbank mixer',
        },
      })
    ).id,
    southbankEmployee: sam.id,
  };
});

const unique = () => randomUUID().slice(0, 8);
/** A category of its own with `count` assets (and one disposed of), for plans that fan out. */
async function categoryWithAssets(count: number) {
  const category = await ctx.db.assetCategory.create({
    data: { companyId: northwind, name: `Ladders ${unique()}` },
  });
  const assets: string[] = [];
  for (let index = 0; index < count; index++)
    assets.push(
      (
        await ctx.db.asset.create({
          data: {
            companyId: northwind,
            number: `LD-${unique()}`,
            name: `Ladder ${index}`,
            categoryId: category.id,
          },
        })
      ).id,
    );
  await ctx.db.asset.create({
    data: {
      companyId: northwind,
      number: `LD-${unique()}`,
      name: 'Broken ladder',
      categoryId: category.id,
      status: 'disposed',
      isActive: false,
    },
  });
  return { categoryId: category.id, assets };
}

const plan = (extra: Partial<TMaintenancePlanSave> = {}): TMaintenancePlanSave => ({
  title: `Inspection ${unique()}`,
  instructions: 'Check the rungs and the feet.',
  frequency: 'months',
  assignee: { kind: 'employee', _id: ids.mia },
  firstDueDate: addDays(today, 3),
  ...extra,
});
const savePlan = async (input: TMaintenancePlanSave) =>
  (await data(REGISTER, 'maintenancePlanSave', input))._id as string;
const openRecordsOf = (planId: string) =>
  ctx.db.maintenanceRecord.findMany({ where: { planId, status: 'open' }, orderBy: { assetId: 'asc' } });
const details = (id: string, as = REGISTER) =>
  data(as, 'maintenanceDetails', { _id: id }) as Promise<TMaintenanceDetails>;
const complete = (as: string, body: object) =>
  call(as, 'maintenanceComplete', { completedOn: today, ...body });
const messageOf = (response: { json: () => { response_message: string } }) =>
  response.json().response_message;

describe('plans', () => {
  it('an asset plan opens its first record on the first day; a category plan one per asset not disposed of', async () => {
    const assetPlan = await savePlan(
      plan({ assetId: ids.compressor, assignee: { kind: 'supplier', _id: ids.acme } }),
    );
    const [first] = await openRecordsOf(assetPlan);
    expect(first).toMatchObject({ assetId: ids.compressor, assigneeSupplierId: ids.acme, kind: 'planned' });
    expect(dayOf(first!.dueDate)).toBe(addDays(today, 3));

    const { categoryId, assets } = await categoryWithAssets(3);
    const categoryPlan = await savePlan(plan({ categoryId }));
    const records = await openRecordsOf(categoryPlan);
    expect(records.map((record) => record.assetId).sort()).toEqual([...assets].sort());
    expect(records.every((record) => record.assigneeEmployeeId === ids.mia)).toBe(true);

    // The asset's plans: its own and its category's, with their open work.
    const listed = (await data(REGISTER, 'maintenancePlanList', { assetId: assets[0] }))
      .rows as TMaintenancePlan[];
    expect(listed.map((row) => row._id)).toEqual([categoryPlan]);
    expect(listed[0]).toMatchObject({
      openRecords: 3,
      nextDue: addDays(today, 3),
      asset: null,
      isActive: true,
    });
    expect(listed[0]!.assignee).toMatchObject({ kind: 'employee', _id: ids.mia });
    const changes = await ctx.db.changeLog.findMany({
      where: { entityType: 'maintenancePlan', entityId: categoryPlan },
    });
    expect(changes.map((change) => change.action)).toEqual(['created']);
  });

  it('editing follows to the open records; stopping cancels them and keeps the plan in the list of stopped ones', async () => {
    const { categoryId } = await categoryWithAssets(2);
    const id = await savePlan(plan({ categoryId }));
    const edited = {
      _id: id,
      ...plan({ title: 'Ladder check', assignee: { kind: 'supplier', _id: ids.acme } }),
    };
    await data(REGISTER, 'maintenancePlanSave', edited);
    const records = await openRecordsOf(id);
    expect(
      records.map((record) => [record.title, record.assigneeSupplierId, record.assigneeEmployeeId]),
    ).toEqual([
      ['Ladder check', ids.acme, null],
      ['Ladder check', ids.acme, null],
    ]);
    const stopped = await call(REGISTER, 'maintenancePlanStop', { _id: id });
    expect(messageOf(stopped)).toBe(say.planStoppedDone);
    expect(await openRecordsOf(id)).toEqual([]);
    expect(await ctx.db.maintenanceRecord.count({ where: { planId: id, status: 'cancelled' } })).toBe(2);
    const again = await call(REGISTER, 'maintenancePlanStop', { _id: id });
    expect([again.statusCode, messageOf(again)]).toEqual([400, say.planStopped]);
    const edit = await call(REGISTER, 'maintenancePlanSave', edited);
    expect([edit.statusCode, messageOf(edit)]).toEqual([400, say.planStopped]);
    const active = (await data(REGISTER, 'maintenancePlanList', { categoryId })).rows;
    const all = (await data(REGISTER, 'maintenancePlanList', { categoryId, includeStopped: true })).rows;
    expect([active.length, all.length]).toEqual([0, 1]);
  });

  it('refuses bad input with the contract’s messages', async () => {
    const disposed = await ctx.db.asset.findFirstOrThrow({
      where: { companyId: northwind, status: 'disposed' },
    });
    const cases: Array<[Partial<TMaintenancePlanSave>, string]> = [
      [{}, say.targetRequired],
      [{ assetId: ids.fl01, categoryId: ids.forklifts }, say.targetRequired],
      [{ assetId: ids.southbankAsset }, say.assetUnknown],
      [{ assetId: disposed.id }, say.assetDisposed],
      [{ categoryId: randomUUID() }, say.categoryUnknown],
      [
        { assetId: ids.fl01, assignee: { kind: 'employee', _id: ids.southbankEmployee } },
        say.employeeUnknown,
      ],
      [{ assetId: ids.fl01, assignee: { kind: 'supplier', _id: randomUUID() } }, say.supplierUnknown],
      [{ assetId: ids.fl01, formTemplateId: randomUUID() }, say.formTemplateUnknown],
      [{ assetId: ids.fl01, firstDueDate: addDays(today, -1) }, say.firstDuePast],
      [{ assetId: ids.fl01, firstDueDate: '2026-02-30' }, say.firstDueRequired],
      [{ assetId: ids.fl01, title: ' ' }, say.titleRequired],
      [{ assetId: ids.fl01, frequency: 'sometimes' as never }, say.frequencyUnknown],
    ];
    for (const [extra, message] of cases) {
      const response = await call(REGISTER, 'maintenancePlanSave', plan(extra));
      expect([response.statusCode, messageOf(response)], message).toEqual([400, message]);
    }
    const other = await call('sam.southbank', 'maintenancePlanStop', {
      _id: await savePlan(plan({ assetId: ids.fl01 })),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('completion', () => {
  it('schedules the plan’s next record, and a late completion skips to the first day after it', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01, frequency: 'weeks', firstDueDate: today }));
    const [first] = await openRecordsOf(id);
    const response = await complete(REGISTER, { _id: first!.id, notes: 'Fine.', cost: 12.5 });
    const next = addDays(today, 7);
    expect(response.json()).toMatchObject({
      response_data: { nextDueDate: next },
      response_message: say.completedNext(displayDay(next)),
    });
    const [second] = await openRecordsOf(id);
    expect(dayOf(second!.dueDate)).toBe(next);
    const done = await ctx.db.maintenanceRecord.findUniqueOrThrow({ where: { id: first!.id } });
    expect(done).toMatchObject({
      status: 'done',
      completionNotes: 'Fine.',
      completedByUserId: expect.any(String),
    });
    expect(done.cost?.toString()).toBe('12.5');

    // Overdue by three weeks and done today: the next is a week after today's slot, not in the past.
    await ctx.db.maintenanceRecord.update({
      where: { id: second!.id },
      data: { dueDate: new Date(`${addDays(today, -20)}T00:00:00Z`) },
    });
    const late = await data(REGISTER, 'maintenanceComplete', { _id: second!.id, completedOn: today });
    expect(late.nextDueDate).toBe(nextMaintenanceDue(addDays(today, -20), 'weeks', today));
    expect(late.nextDueDate > today).toBe(true);
  });

  it('refuses a day in the future, a submission that did not choose the asset, and done work (409)', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01, firstDueDate: today }));
    const [record] = await openRecordsOf(id);
    const future = await complete(REGISTER, { _id: record!.id, completedOn: addDays(today, 1) });
    expect([future.statusCode, messageOf(future)]).toEqual([400, say.completedInFuture]);
    const submission = await complete(REGISTER, { _id: record!.id, formSubmissionId: randomUUID() });
    expect([submission.statusCode, messageOf(submission)]).toEqual([400, say.submissionUnknown]);
    const notes = await complete(REGISTER, { _id: record!.id, notes: 'x'.repeat(4001) });
    expect([notes.statusCode, messageOf(notes)]).toEqual([400, say.notesTooLong]);
    await data(REGISTER, 'maintenancePlanStop', { _id: id });
    const cancelled = await complete(REGISTER, { _id: record!.id });
    expect([cancelled.statusCode, messageOf(cancelled)]).toEqual([409, say.recordNotOpen]);
  });

  it('of two racing completions one is done (200) and the other told it is no longer open (409)', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01, firstDueDate: today }));
    const [record] = await openRecordsOf(id);
    const answers = await Promise.all([
      complete(REGISTER, { _id: record!.id }),
      complete('mia.employee', { _id: record!.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.maintenanceRecord.count({ where: { planId: id, status: 'open' } })).toBe(1);
  });

  it('links a submission that chose the asset and the caller may open', async () => {
    const pump = await ctx.db.asset.findFirstOrThrow({
      where: { companyId: northwind, name: 'Fire Pump FP-1' },
    });
    const id = await savePlan(plan({ assetId: pump.id, firstDueDate: today }));
    const [record] = await openRecordsOf(id);
    const { submissionOptions } = await details(record!.id);
    expect(submissionOptions.length).toBeGreaterThan(0);
    expect(submissionOptions[0]!.name).toMatch(/^FS \d+ /);
    await data(REGISTER, 'maintenanceComplete', {
      _id: record!.id,
      completedOn: today,
      formSubmissionId: submissionOptions[0]!._id,
    });
    expect((await details(record!.id)).formSubmission).toEqual(submissionOptions[0]);
  });
});

describe('who opens and completes a record', () => {
  it('an employee assignee without the plant key opens and completes their own, not another’s; the register’s calls refuse them', async () => {
    const mine = await savePlan(plan({ assetId: ids.fl01, firstDueDate: today }));
    const ethans = await savePlan(
      plan({ assetId: ids.fl01, assignee: { kind: 'employee', _id: ids.ethan } }),
    );
    const [record] = await openRecordsOf(mine);
    const [other] = await openRecordsOf(ethans);
    const opened = await details(record!.id, 'mia.employee');
    expect(opened).toMatchObject({
      canComplete: true,
      canReassign: false,
      assignee: { kind: 'employee', _id: ids.mia },
    });
    expect((await call('mia.employee', 'maintenanceDetails', { _id: other!.id })).statusCode).toBe(404);
    expect((await complete('mia.employee', { _id: other!.id })).statusCode).toBe(404);
    expect((await complete('mia.employee', { _id: record!.id })).statusCode).toBe(200);
    // Done, it stays hers to read.
    expect(await details(record!.id, 'mia.employee')).toMatchObject({ status: 'done', canComplete: false });
    expect((await call('mia.employee', 'maintenanceList', {})).statusCode).toBe(403);
    expect(
      (await call('mia.employee', 'maintenanceReassign', { _id: other!.id, assignee: null, dueDate: today }))
        .statusCode,
    ).toBe(403);
  });

  it('a supplier company’s account and its personnel open and complete the company’s records only', async () => {
    const acmePlan = await savePlan(
      plan({ assetId: ids.compressor, assignee: { kind: 'supplier', _id: ids.acme }, firstDueDate: today }),
    );
    const miaPlan = await savePlan(plan({ assetId: ids.compressor }));
    const [acmes] = await openRecordsOf(acmePlan);
    const [mias] = await openRecordsOf(miaPlan);
    for (const as of ['acme.supplier', 'liam.personnel']) {
      expect(await details(acmes!.id, as)).toMatchObject({
        canComplete: true,
        canReassign: false,
        submissionOptions: [],
      });
      expect((await call(as, 'maintenanceDetails', { _id: mias!.id })).statusCode).toBe(404);
    }
    const done = await complete('liam.personnel', { _id: acmes!.id, notes: 'Serviced.' });
    expect(done.statusCode).toBe(200);
    const liam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
    expect(await details(acmes!.id, 'acme.supplier')).toMatchObject({
      status: 'done',
      completedBy: expect.any(String),
    });
    expect(
      (await ctx.db.maintenanceRecord.findUniqueOrThrow({ where: { id: acmes!.id } })).completedByUserId,
    ).toBe(liam.id);
  });

  it('another organisation’s records are not found, even with the plant key', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01 }));
    const [record] = await openRecordsOf(id);
    expect((await call('sam.southbank', 'maintenanceDetails', { _id: record!.id })).statusCode).toBe(404);
    expect((await complete('sam.southbank', { _id: record!.id })).statusCode).toBe(404);
    const reassign = await call('sam.southbank', 'maintenanceReassign', {
      _id: record!.id,
      assignee: null,
      dueDate: today,
    });
    expect(reassign.statusCode).toBe(404);
    expect((await call('sam.southbank', 'maintenancePlanSave', { _id: id, ...plan() })).statusCode).toBe(404);
    const theirs = (await data('sam.southbank', 'maintenanceList', { status: 'all', pageSize: 100 }))
      .rows as TMaintenanceRow[];
    expect(theirs.some((row) => row._id === record!.id)).toBe(false);
  });
});

describe('reassigning and files', () => {
  it('the register changes who does open work and when, or leaves it unassigned; not done work', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01 }));
    const [record] = await openRecordsOf(id);
    const due = addDays(today, 10);
    const response = await call(REGISTER, 'maintenanceReassign', {
      _id: record!.id,
      assignee: { kind: 'supplier', _id: ids.acme },
      dueDate: due,
    });
    expect([response.statusCode, messageOf(response)]).toEqual([200, say.reassigned]);
    expect(await details(record!.id, 'acme.supplier')).toMatchObject({
      dueDate: due,
      assignee: { kind: 'supplier', _id: ids.acme },
    });
    expect((await call('mia.employee', 'maintenanceDetails', { _id: record!.id })).statusCode).toBe(404);
    await data(REGISTER, 'maintenanceReassign', { _id: record!.id, assignee: null, dueDate: due });
    expect((await details(record!.id)).assignee).toBeNull();
    const bad = await call(REGISTER, 'maintenanceReassign', {
      _id: record!.id,
      assignee: { kind: 'employee', _id: ids.southbankEmployee },
      dueDate: due,
    });
    expect([bad.statusCode, messageOf(bad)]).toEqual([400, say.employeeUnknown]);
    await data(REGISTER, 'maintenanceComplete', { _id: record!.id, completedOn: today });
    const done = await call(REGISTER, 'maintenanceReassign', {
      _id: record!.id,
      assignee: null,
      dueDate: due,
    });
    expect([done.statusCode, messageOf(done)]).toEqual([409, say.recordNotOpen]);
  });

  it('files: the assignee adds them while it is open, the register afterwards too; only the register deletes', async () => {
    const id = await savePlan(plan({ assetId: ids.fl01, firstDueDate: today }));
    const [record] = await openRecordsOf(id);
    const upload = (as: string) => {
      const form = multipartPayload({ _id: record!.id }, [
        { name: 'checklist.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/maintenanceFilesAdd',
        headers: { authtoken: tokens[as]!, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    expect((await upload('mia.employee')).statusCode).toBe(200);
    await data('mia.employee', 'maintenanceComplete', { _id: record!.id, completedOn: today });
    const late = await upload('mia.employee');
    expect([late.statusCode, messageOf(late)]).toEqual([409, say.recordNotOpen]);
    expect((await upload(REGISTER)).statusCode).toBe(200);
    const { attachments } = await details(record!.id, 'mia.employee');
    expect(attachments.map((file) => file.name)).toEqual(['checklist.pdf', 'checklist.pdf']);
    const download = (as: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/files/${attachments[0]!._id}`,
        headers: { authtoken: tokens[as]! },
      });
    expect((await download('mia.employee')).statusCode).toBe(200);
    expect((await download('ethan.coordinator')).statusCode).toBe(404);
    const remove = (as: string) =>
      call(as, 'deleteAttachment', {
        _id: record!.id,
        fileType: 'maintenanceRecord',
        fileId: attachments[0]!._id,
      });
    expect((await remove('mia.employee')).statusCode).toBe(404);
    expect((await remove(REGISTER)).statusCode).toBe(200);
  });
});
