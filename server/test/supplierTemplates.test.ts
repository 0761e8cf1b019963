import { messages, type TFormTemplateOption } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { apiCalls, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * formTemplateList and formTemplateDetail for a supplier company account and its people: only the
 * supplier forms they are asked to fill in (open assignments, docs/external-parties.md), never the
 * organisation's internal, HR, QR or audit templates, whatever an employee's call left in the answer
 * cache before.
 */
const SUPPLIER_ACCOUNTS = [
  'acme.supplier',
  'liam.personnel',
  'zoe.noportal',
  'ava.nguyen@acme-contracting.example',
] as const;
const FORM_TYPES = ['form-submission', 'supplier', 'hr', 'qr', 'audit'] as const;
/** Contractor Safety Assessment: every demo assignment's form. */
const CONTRACTOR = demoId('nw:template:contractor');

let ctx: TestContext;
let tokens: Record<string, string>;
let northwind: string;
let zenith: string;
/** Every template of the organisation that is not a supplier form, archived ones included. */
let internal: { id: string; name: string }[];

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...SUPPLIER_ACCOUNTS, 'ethan.coordinator', 'zoe.noportal']);
  northwind = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } })).companyId;
  zenith = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } })).supplierId!;
  internal = await ctx.db.formTemplate.findMany({
    where: { companyId: northwind, formType: { not: 'supplier' } },
    select: { id: true, name: true },
  });
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

const listed = async (as: string, formType?: (typeof FORM_TYPES)[number]) => {
  const response = await call(as, 'formTemplateList', formType ? { formType } : {});
  return response.statusCode === 200 ? (response.json().response_data as TFormTemplateOption[]) : [];
};

/** Sets the status of the demo assignments named by their seed keys. */
async function setStatus(keys: string[], status: 'assigned' | 'submitted' | 'closed') {
  await ctx.db.supplierAssignment.updateMany({
    where: { id: { in: keys.map((key) => demoId(`nw:supplierAssignment:${key}`)) } },
    data: { status },
  });
}

describe('a supplier user or person and the templates', () => {
  it('lists and reads none of the organisation’s other templates, even once an employee has', async () => {
    expect(internal.length).toBeGreaterThan(5);
    // An employee's answers are in the answer cache first: the calls below must not be served them.
    expect((await data('ethan.coordinator', 'formTemplateList', {})).length).toBeGreaterThan(5);
    for (const { id } of internal) await call('ethan.coordinator', 'formTemplateDetail', { _id: id });

    let calls = 0;
    for (const account of SUPPLIER_ACCOUNTS) {
      for (const formType of [undefined, ...FORM_TYPES]) {
        const names = (await listed(account, formType)).map((row) => row.name);
        calls += 1;
        for (const { name } of internal) expect(names, `${account} ${formType}`).not.toContain(name);
      }
      for (const { id, name } of internal) {
        const response = await call(account, 'formTemplateDetail', { _id: id });
        calls += 1;
        expect([403, 404], `${account} read ${name}`).toContain(response.statusCode);
        expect(response.body).not.toContain('fieldList');
      }
    }
    expect(calls).toBe(SUPPLIER_ACCOUNTS.length * (FORM_TYPES.length + 1 + internal.length));
  });

  it('still lists and reads the supplier form it is asked to fill in', async () => {
    for (const account of ['acme.supplier', 'liam.personnel', 'ava.nguyen@acme-contracting.example']) {
      expect(await data(account, 'formTemplateList', {}), account).toEqual([
        { _id: CONTRACTOR, name: 'Contractor Safety Assessment', formType: 'supplier' },
      ]);
      const detail = await data(account, 'formTemplateDetail', { _id: CONTRACTOR });
      expect(detail.fieldList.length, account).toBeGreaterThan(0);
    }
    // The employee's answer is the organisation's whole list still, after the suppliers' calls.
    expect((await data('ethan.coordinator', 'formTemplateList', {})).length).toBe(
      (await ctx.db.formTemplate.count({
        where: {
          companyId: northwind,
          isActive: true,
          currentVersion: { gt: 0 },
          formType: { not: 'audit' },
        },
      })) as number,
    );
  });

  it("zoe.noportal is refused while her company's portal is off, then reads only the form assigned to her", async () => {
    for (const path of ['formTemplateList', 'formTemplateDetail']) {
      const refused = await call('zoe.noportal', path, { _id: CONTRACTOR });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('supplier_portal_disabled');
    }
    await ctx.db.supplierCompany.update({ where: { id: zenith }, data: { supplierPortal: true } });
    try {
      expect((await listed('zoe.noportal')).map((row) => row._id)).toEqual([CONTRACTOR]);
      expect((await call('zoe.noportal', 'formTemplateDetail', { _id: CONTRACTOR })).statusCode).toBe(200);
      for (const { id } of internal)
        expect((await call('zoe.noportal', 'formTemplateDetail', { _id: id })).statusCode).toBe(404);
    } finally {
      await ctx.db.supplierCompany.update({ where: { id: zenith }, data: { supplierPortal: false } });
    }
  });

  it("a company account reads its company's open forms, a person their own: not each other's, nor finished ones", async () => {
    const reads = async (account: string) =>
      (await call(account, 'formTemplateDetail', { _id: CONTRACTOR })).statusCode === 200 &&
      (await listed(account)).some((row) => row._id === CONTRACTOR);
    // The company's own assignment is closed: Liam's and Ava's open ones are theirs, not the company account's.
    await setStatus(['acme/company'], 'closed');
    expect(await reads('acme.supplier')).toBe(false);
    expect(await reads('liam.personnel')).toBe(true);
    expect(await reads('ava.nguyen@acme-contracting.example')).toBe(true);
    // Liam's open ones submitted (acme/liam-roof is submitted, acme/liam-closed closed already).
    await setStatus(['acme/liam', 'acme/liam-draft'], 'submitted');
    expect(await reads('liam.personnel')).toBe(false);
    expect(await reads('ava.nguyen@acme-contracting.example')).toBe(true);
    // Returned to the supplier, an assignment is open again.
    await setStatus(['acme/company', 'acme/liam'], 'assigned');
    expect(await reads('acme.supplier')).toBe(true);
    expect(await reads('liam.personnel')).toBe(true);
    await setStatus(['acme/liam-draft'], 'assigned');
  });

  it('cannot start a form from a template it may not read (a draft would show it)', async () => {
    // The company's assignment's reviewer: whom a supplier's new form may name as its coordinator
    // (its place is the organisation's to give, left out here).
    const reviewer = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
      .employeeId!;
    const newDraft = (formTemplateId: string) => ({
      formTemplateId,
      formDescription: 'Started from New Submission',
      formDate: '2026-11-20',
      workplace: '',
      branch: '',
      submissionUserId: [{ userId: reviewer }],
      formValue: [],
      taskData: [],
      tableData: [],
      isDraft: 'yes',
    });
    const before = await ctx.db.formSubmission.count();
    await setStatus(['acme/company'], 'closed');
    try {
      const refused = await call('acme.supplier', 'formSubmissionSave', newDraft(CONTRACTOR));
      expect(refused.statusCode).toBe(404);
      expect(refused.json().response_message).toBe(messages.submission.templateInactive);
      expect(await ctx.db.formSubmission.count()).toBe(before);
    } finally {
      await setStatus(['acme/company'], 'assigned');
    }
    const started = await call('acme.supplier', 'formSubmissionSave', newDraft(CONTRACTOR));
    expect(started.statusCode, started.body).toBe(200);
    expect(await ctx.db.formSubmission.count()).toBe(before + 1);
  });
});
