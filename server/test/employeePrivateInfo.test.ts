import { privateInfoMessages as say, type TEmployeePrivateInfo } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerToday } from '../src/plugins/organisationDay';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * An employee's private information (issue 42) and their own Profile. Demo roles: Olivia
 * (Administrator) holds every key; Ethan (Coordinator) hrEmployee, hrEmployeeRecord and
 * hrProfileEdit, not hrEmployeePrivateInfo; Mia (Restricted Employee) here without
 * hrEmployeePrivateInfo, as an ordinary employee.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let ethan: { id: string; email: string | null };
let olivia: { id: string; companyId: string };
let samId: string;
let timeZone: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  await setRoleKeys(ctx.db, 'mia.employee', { hrEmployeePrivateInfo: false });
  ethan = await employeeOf(ctx.db, 'ethan.coordinator');
  olivia = await employeeOf(ctx.db, 'olivia.admin');
  samId = (await employeeOf(ctx.db, 'sam.southbank')).id;
  ({ timeZone } = await ctx.db.company.findUniqueOrThrow({ where: { id: olivia.companyId } }));
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

const read = (as: string, employeeId: string) => call(as, 'employeePrivateInfo', { employeeId });
const readData = (as: string, employeeId: string): Promise<TEmployeePrivateInfo> =>
  data(as, 'employeePrivateInfo', { employeeId });
const save = (as: string, employeeId: string, version: number, fields: object = {}) =>
  call(as, 'employeePrivateInfoSave', { employeeId, version, ...fields });

const ADDRESS = '12 Quarry Lane, Riverside 4101';
const CONTACT = { name: 'Priya Clarke', relationship: 'Partner', phone: '+61 400 111 222' };

/** The day `years` years (and `days` days) before the organisation's today. */
const yearsAgo = (years: number, days = 0) => {
  const today = new Date(`${callerToday({ timeZone })}T00:00:00Z`);
  today.setUTCFullYear(today.getUTCFullYear() - years);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
};

const privateMails = (to: string) =>
  ctx.db.mailMessage.findMany({ where: { toAddress: to, category: 'privateInfoChanged' } });

describe('HR with hrEmployeePrivateInfo', () => {
  it('reads an employee’s empty private part, saves it, and the employee is told by mail without the values', async () => {
    const empty = await readData('olivia.admin', ethan.id);
    expect(empty).toMatchObject({ version: 0, dateOfBirth: null, emergencyContacts: [], mayEdit: true });
    const saved = await save('olivia.admin', ethan.id, 0, {
      dateOfBirth: '1988-04-12',
      address: ADDRESS,
      personalPhone: '0412 345 678',
      emergencyContacts: [CONTACT],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ response_message: say.saved, response_data: { version: 1 } });

    const info = await readData('olivia.admin', ethan.id);
    expect(info).toMatchObject({
      dateOfBirth: '1988-04-12',
      address: ADDRESS,
      personalPhone: '0412 345 678',
      personalEmail: null,
      emergencyContacts: [CONTACT],
      version: 1,
      updatedBy: 'Olivia Bennett',
    });

    const [mail, ...more] = await privateMails(ethan.email!);
    expect(more).toEqual([]);
    expect(mail!.textBody).toContain(
      'Olivia Bennett changed your private information: date of birth, address, personal phone, emergency contacts.',
    );
    expect(mail!.textBody).toContain(`/human-resource/employee/edit/${ethan.id}`);
    for (const value of [ADDRESS, '0412 345 678', CONTACT.phone, '1988'])
      expect(mail!.textBody + mail!.htmlBody).not.toContain(value);

    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityType: 'employeePrivateInfo', entityId: ethan.id },
    });
    expect(log).toMatchObject({ action: 'created' });
  });

  it('names only what changed: a first save of the address alone is an address change', async () => {
    const noah = await employeeOf(ctx.db, 'noah.expired');
    const saved = await save('olivia.admin', noah.id, 0, { address: ADDRESS, emergencyContacts: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    const [mail] = await privateMails(noah.email!);
    expect(mail!.textBody).toContain('Olivia Bennett changed your private information: address.');
  });

  it('refuses a stale version with 409 stale_version; of two saves of one version, one wins', async () => {
    const stale = await save('olivia.admin', ethan.id, 0, { address: 'Elsewhere' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error_code: 'stale_version', response_message: say.stale });
    const { version } = await readData('olivia.admin', ethan.id);
    const both = await Promise.all([
      save('olivia.admin', ethan.id, version, { address: ADDRESS, emergencyContacts: [CONTACT] }),
      save('olivia.admin', ethan.id, version, { address: ADDRESS, emergencyContacts: [CONTACT] }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await readData('olivia.admin', ethan.id)).version).toBe(version + 1);
  });

  it('another organisation’s employee is not found, either way', async () => {
    expect((await read('olivia.admin', samId)).statusCode).toBe(404);
    expect((await save('olivia.admin', samId, 0)).statusCode).toBe(404);
    await setRoleKeys(ctx.db, 'sam.southbank', { hrEmployeePrivateInfo: true });
    expect((await read('sam.southbank', ethan.id)).statusCode).toBe(404);
    expect((await save('sam.southbank', ethan.id, 1)).statusCode).toBe(404);
  });
});

describe('the employee themself', () => {
  it('reads their own and changes it with hrProfileEdit; no mail for their own change', async () => {
    const own = await readData('ethan.coordinator', ethan.id);
    expect(own.mayEdit).toBe(true);
    const before = (await privateMails(ethan.email!)).length;
    const saved = await save('ethan.coordinator', ethan.id, own.version, {
      ...own,
      personalEmail: 'ethan.c@example.net',
      emergencyContacts: [CONTACT, { name: 'Tom Clarke', phone: '(07) 3123 4567' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await readData('ethan.coordinator', ethan.id);
    expect(after.emergencyContacts[1]).toEqual({
      name: 'Tom Clarke',
      relationship: null,
      phone: '(07) 3123 4567',
    });
    expect(after.updatedBy).toBe('Ethan Clarke');
    expect((await privateMails(ethan.email!)).length).toBe(before);
  });

  it('without hrProfileEdit reads it only: a save is refused with HR keeping it', async () => {
    await setRoleKeys(ctx.db, 'ethan.coordinator', { hrProfileEdit: false });
    try {
      const own = await readData('ethan.coordinator', ethan.id);
      expect(own.mayEdit).toBe(false);
      const refused = await save('ethan.coordinator', ethan.id, own.version, { address: 'Mine' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().response_message).toBe(say.keptByHr);
    } finally {
      await setRoleKeys(ctx.db, 'ethan.coordinator', { hrProfileEdit: true });
    }
  });

  it('their Profile is their own record, read-only', async () => {
    const profile = await data('ethan.coordinator', 'employeeProfile');
    expect(profile).toMatchObject({
      _id: ethan.id,
      firstName: 'Ethan',
      lastName: 'Clarke',
      position: 'Safety Coordinator',
      workplace: 'Riverside Depot',
      branch: 'Warehouse',
      username: 'ethan.coordinator',
    });
    expect(JSON.stringify(profile)).not.toContain(ADDRESS);
  });
});

describe('everyone else', () => {
  it('another employee is refused, whatever HR keys without hrEmployeePrivateInfo they hold', async () => {
    // Ethan holds hrEmployee, hrEmployeeRecord and hrProfileEdit; Mia is an ordinary employee.
    for (const as of ['ethan.coordinator', 'mia.employee']) {
      const refused = await read(as, olivia.id);
      expect(refused.statusCode, as).toBe(403);
      expect(refused.json().response_message).toBe(say.notYours);
      expect((await save(as, olivia.id, 0, { address: 'x' })).statusCode, as).toBe(403);
    }
    expect((await read('mia.employee', ethan.id)).statusCode).toBe(403);
  });

  it('suppliers, personnel and no session are refused before the body is read', async () => {
    for (const as of ['acme.supplier', 'liam.personnel']) {
      for (const path of ['employeePrivateInfo', 'employeePrivateInfoSave', 'employeeProfile']) {
        const refused = await call(as, path, { employeeId: ethan.id, version: 1 });
        expect(refused.statusCode, `${as} ${path}`).toBe(403);
        expect(refused.json().error_code).toBe('caller_not_served');
      }
    }
    expect((await call(null, 'employeePrivateInfo', { employeeId: ethan.id })).statusCode).toBe(401);
  });

  it('no other call carries the private part: employee details, list, history', async () => {
    const answers = [
      await call('olivia.admin', 'employeeDetails', { _id: ethan.id }),
      await call('olivia.admin', 'employeeList', { search: 'Clarke' }),
      await call('olivia.admin', 'changeLogList', { entityType: 'employee', entityId: ethan.id }),
      await call('olivia.admin', 'employeeProfile'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const value of [ADDRESS, CONTACT.phone, '1988-04-12', 'ethan.c@example.net'])
        expect(answer.body).not.toContain(value);
    }
  });
});

describe('validation', () => {
  const refusedFields = async (fields: object) => {
    const { version } = await readData('olivia.admin', ethan.id);
    const response = await save('olivia.admin', ethan.id, version, fields);
    expect(response.statusCode, response.body).toBe(400);
    return (response.json().validation_errors ?? []).map((error: { field: string }) => error.field);
  };

  it.each([
    ['a day not on the calendar', { dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    ['someone under 14', { dateOfBirth: yearsAgo(14, 1) }, 'dateOfBirth'],
    ['someone over 120', { dateOfBirth: yearsAgo(121) }, 'dateOfBirth'],
    ['a day in the future', { dateOfBirth: yearsAgo(-1) }, 'dateOfBirth'],
    ['a personal e-mail without a domain', { personalEmail: 'ethan@' }, 'personalEmail'],
    ['a phone of letters', { personalPhone: 'call me' }, 'personalPhone'],
    ['a phone of four digits', { personalPhone: '1234' }, 'personalPhone'],
    [
      'a contact without a name',
      { emergencyContacts: [{ name: ' ', phone: '0400 000 000' }] },
      'emergencyContacts.0.name',
    ],
    [
      'a second contact without a phone',
      { emergencyContacts: [CONTACT, { name: 'Tom', phone: '' }] },
      'emergencyContacts.1.phone',
    ],
    ['four contacts', { emergencyContacts: [CONTACT, CONTACT, CONTACT, CONTACT] }, 'emergencyContacts'],
  ])('refuses %s with 400 naming the field', async (_what, fields, field) => {
    expect(await refusedFields(fields)).toContain(field);
  });

  it('takes someone who turned 14 today', async () => {
    const { version } = await readData('olivia.admin', ethan.id);
    const saved = await save('olivia.admin', ethan.id, version, { dateOfBirth: yearsAgo(14) });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
