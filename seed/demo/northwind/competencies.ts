import type { CompetencyKind, Prisma } from '../../../server/src/generated/prisma/client';
import { fail, type Tx } from '../ids';
import type { Org } from '../rows';

/**
 * Northwind's competencies (issue 42, docs/human-resources.md): a catalogue, what each position
 * requires and records that put every standing on the matrix. Mia (mia.employee, a Technician)
 * has one record expiring within 30 days (Working at Heights, renewed once before), one expired
 * (Confined Space Entry), one missing (White Card) and two held. Written after the other rows
 * (seedDemo), in the same transaction.
 */

/** [name, kind, months valid (null: does not expire), description] */
const CATALOGUE: [string, CompetencyKind, number | null, string][] = [
  ['First Aid Certificate', 'certificate', 36, 'HLTAID011 Provide First Aid.'],
  ['Forklift Licence', 'licence', 60, 'High risk work licence, class LF.'],
  ['Working at Heights ticket', 'ticket', 24, 'RIIWHS204E Work safely at heights.'],
  ['Confined Space Entry', 'ticket', 24, 'RIIWHS202E Enter and work in confined spaces.'],
  ['Fire Warden', 'certificate', 12, 'PUAFER005 Operate as part of an emergency control organisation.'],
  ['Manual Handling', 'skill', null, 'Safe lifting and carrying, assessed on the job.'],
  ['White Card', 'ticket', null, 'CPCWHS1001 General construction induction.'],
];

const REQUIRED: Record<string, string[]> = {
  Technician: ['First Aid Certificate', 'Working at Heights ticket', 'Confined Space Entry', 'White Card'],
  'Warehouse Operative': ['Forklift Licence', 'Manual Handling'],
  Driver: ['First Aid Certificate', 'Manual Handling'],
  'Site Supervisor': ['First Aid Certificate', 'Working at Heights ticket', 'White Card', 'Fire Warden'],
  'Safety Coordinator': ['First Aid Certificate', 'Fire Warden'],
  'Administration Officer': ['Fire Warden'],
};

/**
 * [employee, competency, days from today to the expiry (for one that does not expire: days since
 * it was achieved, negative)]. A competency's earlier records come first: the last is the latest.
 */
const RECORDS: [string, string, number][] = [
  ['mia', 'First Aid Certificate', 690],
  ['mia', 'Working at Heights ticket', -712],
  ['mia', 'Working at Heights ticket', 18],
  ['mia', 'Confined Space Entry', -40],
  ['mia', 'Manual Handling', -300],
  ['lucas', 'First Aid Certificate', 420],
  ['lucas', 'Working at Heights ticket', 300],
  ['lucas', 'Confined Space Entry', 250],
  ['lucas', 'White Card', -900],
  ['mason', 'First Aid Certificate', 12],
  ['mason', 'Working at Heights ticket', -90],
  ['mason', 'White Card', -500],
  ['jack', 'Forklift Licence', 1200],
  ['jack', 'Manual Handling', -200],
  ['jack', 'First Aid Certificate', -15],
  ['chloe', 'Forklift Licence', 25],
  ['amelia', 'Forklift Licence', -60],
  ['amelia', 'Manual Handling', -120],
  ['henry', 'Manual Handling', -400],
  ['noah', 'First Aid Certificate', 9],
  ['noah', 'Working at Heights ticket', 500],
  ['noah', 'White Card', -1500],
  ['isla', 'First Aid Certificate', 800],
  ['isla', 'Working at Heights ticket', 365],
  ['isla', 'White Card', -700],
  ['isla', 'Fire Warden', -350],
  ['isla', 'Fire Warden', 15],
  ['ethan', 'First Aid Certificate', 1000],
  ['ethan', 'Fire Warden', 340],
  ['harper', 'Fire Warden', 200],
  ['olivia', 'Fire Warden', 150],
  ['ava', 'First Aid Certificate', 600],
];

const REFERENCES: Record<CompetencyKind, string> = {
  licence: 'LF',
  ticket: 'TK',
  certificate: 'CE',
  skill: 'SK',
};

export async function writeNorthwindCompetencies(tx: Tx, o: Org): Promise<void> {
  const { companyId, cal } = o;
  const competencyId = (name: string) => o.id('competency', name);
  const entries = new Map(CATALOGUE.map(([name, kind, validFor]) => [name, { kind, validFor }]));
  await tx.competency.createMany({
    data: CATALOGUE.map(([name, kind, validForMonths, description]) => ({
      id: competencyId(name),
      companyId,
      name,
      kind,
      description,
      expires: validForMonths !== null,
      validForMonths,
      createdAt: cal.at(-400),
    })),
  });
  await tx.positionCompetency.createMany({
    data: Object.entries(REQUIRED).flatMap(([position, names]) =>
      names.map((name) => ({
        companyId,
        positionId: o.id('position', position),
        competencyId: competencyId(name),
      })),
    ),
  });
  const latest = new Map(RECORDS.map(([employee, name], index) => [`${employee}/${name}`, index]));
  const records: Prisma.CompetencyRecordCreateManyInput[] = RECORDS.map(([employee, name, days], index) => {
    const { kind, validFor } = entries.get(name) ?? fail(`competency ${name}`);
    const expiresOn = validFor === null ? null : cal.day(days);
    // Achieved the competency's months before the expiry (every record here lies in the past).
    const achievedOn = cal.day(days);
    if (validFor !== null) achievedOn.setUTCMonth(achievedOn.getUTCMonth() - validFor);
    return {
      id: o.id('competencyRecord', `${employee}/${name}/${index}`),
      companyId,
      employeeId: o.id('employee', employee),
      competencyId: competencyId(name),
      achievedOn,
      expiresOn,
      reference: `${REFERENCES[kind]}-${String(4100 + index * 37).padStart(6, '0')}`,
      issuer: kind === 'skill' ? 'Northwind Facilities' : 'Registered training organisation',
      isLatest: latest.get(`${employee}/${name}`) === index,
      createdByEmployeeId: o.id('employee', 'ava'),
      createdAt: achievedOn,
    };
  });
  await tx.competencyRecord.createMany({ data: records });
}
