import { RELATED_SEARCH_PAGE_SIZE, type TRelatedLists, type TRelatedOptionPage } from '@compass/shared';
import { describe, expect, it } from 'vitest';
import { signInAll } from './helpers';
import {
  body,
  companyId,
  ctx,
  employee,
  fieldId,
  nw,
  post,
  RIVERSIDE,
  submitted,
  template,
  tokens,
  useEveryFieldTemplate,
  VALUES,
} from './everyFieldTemplate';

useEveryFieldTemplate();

const ACME = nw('supplier', 'Acme Contracting');
const LIAM = nw('personnel', 'liam');
const S1001 = nw('submission', '1001');
const S1008 = nw('submission', '1008');
const FP1 = nw('asset', 'Fire Pump FP-1');

async function lists(username: string, request: object = {}): Promise<TRelatedLists> {
  const response = await post(username, '/formSubmissionRelatedLists', request);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data;
}

async function search(username: string, request: object): Promise<TRelatedOptionPage> {
  const response = await post(username, '/relatedOptionSearch', request);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data;
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);

describe('formSubmissionRelatedLists', () => {
  it('sends the short lists whole and, without a form, of the people only the caller', async () => {
    const data = await lists('ethan.coordinator');
    expect(ids(data.workplace)).toContain(RIVERSIDE);
    expect(data.listSupplier.length).toBe(await ctx.db.supplierCompany.count({ where: { companyId } }));
    // The risk register can hold thousands: a new form names none, a picker searches them.
    expect(data.listRisk).toEqual({ allRiskList: [], masterRiskList: [] });
    // So can the asset register (issue 44).
    expect(data.listPlan).toEqual([]);
    expect(data.activePlantList).toEqual([]);
    expect(ids(data.listEmployee)).toEqual([employee('ethan')]);
    expect(data.allPersonnelList).toEqual([]);
    expect(data.submissionList).toEqual([]);
  });

  it("names what a stored form refers to: answers, coordinators, actions' assignees, recorder", async () => {
    const saved = await submitted();
    const data = await lists('ethan.coordinator', { formSubmissionId: saved._id });
    expect(new Set(ids(data.listEmployee))).toEqual(new Set([employee('ethan'), employee('mia')]));
    expect(ids(data.submissionList)).toEqual([S1001]);
    expect(data.submissionList[0]!.name).toMatch(/^FS 1001 /);
    expect(ids(data.listRisk.allRiskList)).toEqual(VALUES.risk);
    expect(ids(data.listPlan)).toEqual([FP1]);
    expect(data.listPlan[0]!.name).toBe('Fire Pump FP-1');
    expect(data.allPersonnelList).toEqual([]);
    // Small whatever the size of the organisation: a few KB.
    expect(JSON.stringify(data).length).toBeLessThan(20_000);

    const supplierForm = await lists('ethan.coordinator', { formSubmissionId: S1008 });
    expect(ids(supplierForm.allPersonnelList)).toContain(LIAM);
  });

  it('still names a chosen person made inactive, and a person an earlier version chose', async () => {
    const saved = await submitted();
    const changed = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: saved._id,
        version: saved.version,
        formValue: body().formValue.map((value) =>
          value.relatedFormId === fieldId.employee ? { ...value, value: [employee('noah')] } : value,
        ),
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await ctx.db.employee.update({ where: { id: employee('noah') }, data: { isActive: false } });
    try {
      const data = await lists('ethan.coordinator', { formSubmissionId: saved._id });
      expect(ids(data.listEmployee)).toContain(employee('noah'));
      expect(ids(data.activeEmployeeList)).not.toContain(employee('noah'));
      // Mia is only in the change log now (the history dialog names her).
      expect(ids(data.listEmployee)).toContain(employee('mia'));
      const found = await search('ethan.coordinator', { kind: 'employee', search: 'noah' });
      expect(found.options).toEqual([]);
    } finally {
      await ctx.db.employee.update({ where: { id: employee('noah') }, data: { isActive: true } });
    }
  });

  it("names a new form's default coordinator", async () => {
    await ctx.db.formTemplate.update({
      where: { id: template.id },
      data: { coordinatorEmployeeId: employee('noah'), currentVersion: 1 },
    });
    const data = await lists('ethan.coordinator', { formTemplateId: template.id });
    expect(ids(data.listEmployee)).toContain(employee('noah'));
  });

  it("keeps a new form's cached lists to their employee and organisation", async () => {
    await ctx.db.formTemplate.update({
      where: { id: template.id },
      data: { coordinatorEmployeeId: employee('noah'), currentVersion: 1 },
    });
    const ethan = await lists('ethan.coordinator', { formTemplateId: template.id });
    expect(ids((await lists('ethan.coordinator', { formTemplateId: template.id })).listEmployee)).toEqual(
      ids(ethan.listEmployee),
    );
    // Each employee sees themself named, not whoever asked first.
    const mia = await lists('mia.employee', { formTemplateId: template.id });
    expect(ids(mia.listEmployee)).toContain(employee('mia'));
    expect(ids(mia.listEmployee)).not.toContain(employee('ethan'));
    // Another organisation's employee gets its own lists: nothing of this template or organisation.
    const southbank = await lists('sam.southbank', { formTemplateId: template.id });
    expect(ids(southbank.listEmployee)).not.toContain(employee('noah'));
    expect(ids(southbank.formTemplate)).not.toContain(template.id);
  });

  it('refuses a form the caller may not see, and bad input, without a 500', async () => {
    const foreign = await post('sam.southbank', '/formSubmissionRelatedLists', { formSubmissionId: S1001 });
    expect(foreign.statusCode).toBe(404);
    const bad = await post('ethan.coordinator', '/formSubmissionRelatedLists', { formSubmissionId: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('relatedOptionSearch', () => {
  it('pages the active employees of the organisation matching every word', async () => {
    await ctx.db.employee.createMany({
      data: Array.from({ length: 25 }, (_, index) => ({
        companyId,
        firstName: 'Pager',
        lastName: `Person ${String(index).padStart(2, '0')}`,
        employeeNumber: `PAGER-${index}`,
      })),
    });
    const first = await search('ethan.coordinator', { kind: 'employee', search: 'pager', page: 1 });
    expect(first.options.length).toBe(RELATED_SEARCH_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.options[0]!.name).toBe('Pager Person 00');
    const second = await search('ethan.coordinator', { kind: 'employee', search: 'pager', page: 2 });
    expect(second).toMatchObject({ hasMore: false });
    expect(second.options.map((option) => option.name)).toEqual(
      Array.from({ length: 5 }, (_, index) => `Pager Person ${20 + index}`),
    );
    const both = await search('ethan.coordinator', { kind: 'employee', search: 'PERSON 07 pager' });
    expect(both.options.map((option) => option.name)).toEqual(['Pager Person 07']);
    expect((await search('sam.southbank', { kind: 'employee', search: 'pager' })).options).toEqual([]);
    // Inactive people are not offered.
    expect((await search('ethan.coordinator', { kind: 'employee', search: 'william' })).options).toEqual([]);
  });

  it('finds personnel and submissions by number or description', async () => {
    const personnel = await search('ethan.coordinator', { kind: 'personnel', search: 'liam walker' });
    expect(personnel.options).toEqual([{ _id: LIAM, name: 'Liam Walker' }]);
    for (const text of ['FS 1001', '1001']) {
      const found = await search('ethan.coordinator', { kind: 'submission', search: text });
      expect(ids(found.options), text).toContain(S1001);
    }
    const described = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: S1001 } });
    const word = described.formDescription.split(' ').find((part) => part.length > 4)!;
    const byWord = await search('ethan.coordinator', { kind: 'submission', search: word.toUpperCase() });
    expect(ids(byWord.options)).toContain(S1001);
    const drafts = await search('ethan.coordinator', { kind: 'submission', search: '' });
    expect(drafts.options.every((option) => !option.name.startsWith('(Draft)'))).toBe(true);
  });

  it('finds the active risks by every word of their name, for a role with the risk key only', async () => {
    const electrical = nw('risk', 'Electrical Hazards');
    const found = await search('ethan.coordinator', { kind: 'risk', search: 'hazards ELECTRICAL' });
    expect(found.options).toEqual([{ _id: electrical, name: 'Electrical Hazards' }]);
    const all = await search('ethan.coordinator', { kind: 'risk', search: '' });
    const active = await ctx.db.risk.findMany({
      where: { companyId, isActive: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take: RELATED_SEARCH_PAGE_SIZE,
    });
    expect(ids(all.options)).toEqual(active.map((risk) => risk.id));
    // Mia's role lacks the key (as it does in the lists); Southbank has its own register.
    expect((await search('mia.employee', { kind: 'risk', search: '' })).options).toEqual([]);
    expect(ids((await search('sam.southbank', { kind: 'risk', search: '' })).options)).not.toContain(
      electrical,
    );
  });

  it('finds the active assets by number or name, and keeps naming a disposed one a form chose', async () => {
    const found = await search('ethan.coordinator', { kind: 'asset', search: 'fl-0 forklift' });
    expect(found.options.map((option) => option.name)).toEqual(['Forklift FL-01', 'Forklift FL-02']);
    // Make and serial number are not searched, a disposed asset is not offered.
    expect((await search('ethan.coordinator', { kind: 'asset', search: 'toyota' })).options).toEqual([]);
    expect((await search('ethan.coordinator', { kind: 'asset', search: 'washer' })).options).toEqual([]);
    // A name without its number shows both ("Pump 7" of number "P-7" is "P-7 Pump 7").
    await ctx.db.asset.update({ where: { id: FP1 }, data: { name: 'Fire pump' } });
    const saved = await submitted();
    await ctx.db.asset.update({
      where: { id: FP1 },
      data: { status: 'disposed', isActive: false },
    });
    const data = await lists('ethan.coordinator', { formSubmissionId: saved._id });
    expect(data.listPlan).toEqual([{ _id: FP1, name: 'FP-1 Fire pump', isActive: false }]);
    expect(data.activePlantList).toEqual([]);
    await ctx.db.asset.update({
      where: { id: FP1 },
      data: { name: 'Fire Pump FP-1', status: 'inService', isActive: true },
    });
    expect(ids((await search('sam.southbank', { kind: 'asset', search: '' })).options)).not.toContain(FP1);
  });

  it('gives a supplier user or personnel only what its own supplier forms name', async () => {
    Object.assign(tokens, await signInAll(ctx.app, ['acme.supplier', 'liam.personnel']));
    const staff = await search('ethan.coordinator', { kind: 'employee', search: '' });
    for (const username of ['acme.supplier', 'liam.personnel']) {
      const people = await search(username, { kind: 'employee', search: '' });
      expect(people.options.length, username).toBeGreaterThan(0);
      expect(people.options.length, username).toBeLessThan(staff.options.length);
      const coordinators = await ctx.db.submissionCoordinator.findMany({ where: { submissionId: S1008 } });
      for (const coordinator of coordinators)
        expect(ids(people.options), username).toContain(coordinator.employeeId);
      const personnel = await search(username, { kind: 'personnel', search: '' });
      const acme = await ctx.db.personnel.findMany({ where: { supplierId: ACME, isActive: true } });
      for (const row of personnel.options)
        expect(
          acme.map((person) => person.id),
          username,
        ).toContain(row._id);
      expect(ids(personnel.options), username).toContain(LIAM);
      const forms = await search(username, { kind: 'submission', search: '' });
      expect(ids(forms.options), username).not.toContain(S1001);
      const answers = JSON.stringify(
        await ctx.db.submissionValue.findMany({ where: { submission: { supplierId: ACME } } }),
      );
      for (const risk of (await search(username, { kind: 'risk', search: '' })).options)
        expect(answers, username).toContain(risk._id);
      for (const asset of (await search(username, { kind: 'asset', search: '' })).options)
        expect(answers, username).toContain(asset._id);
    }
  });

  it("follows what a supplier's forms name from one call to the next, whatever wrote it", async () => {
    Object.assign(tokens, await signInAll(ctx.app, ['acme.supplier']));
    const newcomer = await ctx.db.employee.create({
      data: { companyId, firstName: 'Quentin', lastName: 'Zabriskie' },
    });
    const found = async () =>
      ids((await search('acme.supplier', { kind: 'employee', search: 'Zabriskie' })).options);
    expect(await found()).toEqual([]);

    // An answer naming the newcomer, written by SQL alone (the submission's row untouched).
    const fieldId = crypto.randomUUID();
    await ctx.db.$executeRaw`INSERT INTO "SubmissionValue" (id, "companyId", "submissionId", "fieldId", value)
      VALUES (${crypto.randomUUID()}::uuid, ${companyId}::uuid, ${S1008}::uuid, ${fieldId}::uuid,
        ${JSON.stringify([newcomer.id])}::jsonb)`;
    expect(await found()).toEqual([newcomer.id]);
    await ctx.db.submissionValue.deleteMany({ where: { fieldId } });
    expect(await found()).toEqual([]);

    await ctx.db.submissionCoordinator.create({
      data: { companyId, submissionId: S1008, employeeId: newcomer.id, position: 99 },
    });
    expect(await found()).toEqual([newcomer.id]);
    await ctx.db.submissionCoordinator.deleteMany({ where: { employeeId: newcomer.id } });
    await ctx.db.employee.delete({ where: { id: newcomer.id } });
  });

  it('follows the short lists from one call to the next, whatever wrote them', async () => {
    const supplierId = crypto.randomUUID();
    const offered = async (username: string) => ids((await lists(username)).listSupplier);
    expect(await offered('ethan.coordinator')).not.toContain(supplierId);
    await ctx.db.$executeRaw`INSERT INTO "SupplierCompany" (id, "companyId", name, "isActive", "updatedAt")
      VALUES (${supplierId}::uuid, ${companyId}::uuid, 'Supplier by SQL', true, now())`;
    expect(await offered('ethan.coordinator')).toContain(supplierId);
    await ctx.db.$executeRaw`DELETE FROM "SupplierCompany" WHERE id = ${supplierId}::uuid`;
    expect(await offered('ethan.coordinator')).not.toContain(supplierId);

    // A template archived by SQL is no longer offered, to employees nor to the supplier's users.
    const templates = (await lists('acme.supplier')).formTemplate;
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.every((row) => row.formType === 'supplier')).toBe(true);
    const archived = templates[0]!._id;
    await ctx.db.$executeRaw`UPDATE "FormTemplate" SET "isActive" = false WHERE id = ${archived}::uuid`;
    expect(ids((await lists('acme.supplier')).formTemplate)).not.toContain(archived);
    expect(ids((await lists('ethan.coordinator')).formTemplate)).not.toContain(archived);
    await ctx.db.$executeRaw`UPDATE "FormTemplate" SET "isActive" = true WHERE id = ${archived}::uuid`;
    expect(ids((await lists('ethan.coordinator')).formTemplate)).toContain(archived);
  });

  it('answers 400 to bad input', async () => {
    for (const request of [
      { kind: 'plant', search: '' },
      { kind: 'employee', search: 'x', page: 0 },
      { kind: 'employee', search: 'x', page: 'two' },
      { kind: 'employee', search: 'x'.repeat(201) },
      { search: 'x' },
    ]) {
      const response = await post('ethan.coordinator', '/relatedOptionSearch', request);
      expect(response.statusCode, JSON.stringify(request)).toBe(400);
    }
    const far = await search('ethan.coordinator', { kind: 'submission', search: '%_\\', page: 5000 });
    expect(far).toEqual({ options: [], hasMore: false });
  });
});
