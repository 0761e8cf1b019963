import type { Org } from '../rows';
import type { EmployeeOf } from './refs';

/**
 * Private information of a few Northwind employees, so their Profile and HR's employee page are not
 * empty: Mia (a Restricted Employee, who changes her own with hrProfileEdit), Olivia and Jack.
 * Ethan has none: the tests and the browser test start his from empty.
 */
export function addPrivateInfo(o: Org, emp: EmployeeOf): void {
  const { companyId, rows } = o;
  const people: Array<
    [string, string, string, string, string, { name: string; relationship: string; phone: string }[]]
  > = [
    [
      'mia',
      '1994-07-18',
      '27 Wattle Street\nRiverside QLD 4101',
      '0412 555 018',
      'mia.torres.home@example.net',
      [
        { name: 'Daniel Torres', relationship: 'Partner', phone: '0413 555 204' },
        { name: 'Rosa Torres', relationship: 'Mother', phone: '(07) 3555 0192' },
      ],
    ],
    [
      'olivia',
      '1976-03-02',
      '8 Harbour View Terrace\nNewstead QLD 4006',
      '0400 555 731',
      'olivia.b@example.net',
      [{ name: 'James Bennett', relationship: 'Husband', phone: '0400 555 732' }],
    ],
    ['jack', '2001-11-25', '3/41 Depot Road\nRiverside QLD 4101', '0455 555 860', '', []],
  ];
  for (const [key, dateOfBirth, address, personalPhone, personalEmail, emergencyContacts] of people) {
    rows.employeePrivateInfo.push({
      employeeId: emp(key),
      companyId,
      dateOfBirth: new Date(`${dateOfBirth}T00:00:00Z`),
      address,
      personalPhone,
      personalEmail: personalEmail || null,
      emergencyContacts,
      updatedById: emp('olivia'),
    });
  }
}
