import { fail } from '../ids';
import { addEmployees, addUser, setManagers, type UserDef } from '../people';
import type { Org } from '../rows';
import { addPrivateInfo } from './privateInfo';
import type { EmployeeOf, NorthwindPeople } from './refs';

/** Northwind's employees, its external parties (suppliers and their personnel) and the demo accounts. */
export function addNorthwindPeople(o: Org): NorthwindPeople {
  const e = addEmployees(o, 'northwind.example', 'NW-1001', [
    ['olivia', 'Olivia Bennett', 'Managing Director', 'Administrator', 'Head Office/Level 3'],
    ['ethan', 'Ethan Clarke', 'Safety Coordinator', 'Coordinator', 'Riverside Depot/Warehouse'],
    ['mia', 'Mia Torres', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['noah', 'Noah Fischer', 'Site Supervisor', 'Coordinator', 'Harbour Site/North Gate'],
    ['ava', 'Ava Nguyen', 'HR Officer', 'Coordinator', 'Harbour Site/South Gate'],
    ['jack', 'Jack Morrison', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['chloe', 'Chloe Adams', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['lucas', 'Lucas Romero', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['isla', 'Isla Murphy', 'Site Supervisor', 'Coordinator', 'Harbour Site/South Gate'],
    ['harper', 'Harper Singh', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3'],
    ['mason', 'Mason Lee', 'Technician', 'Restricted Employee', 'Harbour Site/North Gate'],
    ['sophie', 'Sophie Dubois', 'Quality Officer', 'Coordinator', 'Head Office/Level 3'],
    ['henry', 'Henry Walsh', 'Driver', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['amelia', 'Amelia Ross', 'Warehouse Operative', 'Restricted Employee', 'Harbour Site/South Gate'],
    ['william', 'William Chen', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop', false],
    ['ella', 'Ella Fraser', 'Driver', 'Restricted Employee', 'Harbour Site/North Gate', false],
    ['oliver', 'Oliver Grant', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3', false],
  ]);
  // The managing director leads the office, the coordinators and the site supervisors; the Riverside
  // Depot reports to its safety coordinator (Mia leads the workshop's technicians), each Harbour
  // Site gate to its supervisor.
  setManagers(o, e, {
    ethan: 'olivia',
    ava: 'olivia',
    sophie: 'olivia',
    harper: 'olivia',
    oliver: 'olivia',
    noah: 'olivia',
    isla: 'olivia',
    mia: 'ethan',
    jack: 'ethan',
    chloe: 'ethan',
    henry: 'ethan',
    lucas: 'mia',
    william: 'mia',
    mason: 'noah',
    ella: 'noah',
    amelia: 'isla',
  });
  const emp = (key: string): string => e[key] ?? fail(`employee ${key}`);
  addPrivateInfo(o, emp);
  const parties = addExternalParties(o);
  addAccounts(o, emp, parties);
  return {
    emp,
    ethan: emp('ethan'),
    olivia: emp('olivia'),
    mia: emp('mia'),
    noah: emp('noah'),
    ava: emp('ava'),
    ...parties,
  };
}

type Parties = Pick<NorthwindPeople, 'acme' | 'zenith' | 'brightline' | 'liam' | 'zoe'>;

function addExternalParties(o: Org): Parties {
  const { cal, companyId, rows } = o;
  const suppliers: Array<[string, string, boolean, boolean, boolean]> = [
    ['Acme Contracting', 'accounts@acme-contracting.example', true, true, true],
    ['Zenith Cleaning', 'office@zenith-cleaning.example', false, false, true],
    ['Brightline Electrical', 'jobs@brightline-electrical.example', true, false, true],
    ['Harbour Plumbing Co', 'info@harbour-plumbing.example', false, false, false],
  ];
  for (const [name, email, supplierPortal, supplierAccess, isActive] of suppliers) {
    rows.supplierCompany.push({
      id: o.id('supplier', name),
      companyId,
      name,
      email,
      supplierPortal,
      supplierAccess,
      isActive,
      createdAt: cal.at(-200),
    });
  }
  const acme = o.id('supplier', 'Acme Contracting');
  const zenith = o.id('supplier', 'Zenith Cleaning');
  const brightline = o.id('supplier', 'Brightline Electrical');
  const personnel: Array<[string, string, string, string, string, boolean]> = [
    ['liam', 'Acme Contracting', 'Liam', 'Walker', 'acme-contracting.example', true],
    ['grace', 'Acme Contracting', 'Grace', 'Hughes', 'acme-contracting.example', true],
    ['oscar', 'Acme Contracting', 'Oscar', 'Patel', 'acme-contracting.example', true],
    ['ruby', 'Acme Contracting', 'Ruby', 'Simmons', 'acme-contracting.example', false],
    ['ava', 'Acme Contracting', 'Ava', 'Nguyen', 'acme-contracting.example', true],
    ['zoe', 'Zenith Cleaning', 'Zoe', 'Martin', 'zenith-cleaning.example', true],
    ['kai', 'Brightline Electrical', 'Kai', 'Robinson', 'brightline-electrical.example', true],
  ];
  for (const [key, supplier, firstName, lastName, domain, isActive] of personnel) {
    rows.personnel.push({
      id: o.id('personnel', key),
      companyId,
      supplierId: o.id('supplier', supplier),
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${domain}`.toLowerCase(),
      isActive,
      createdAt: cal.at(-150),
    });
  }
  const liam = o.id('personnel', 'liam');
  const zoe = o.id('personnel', 'zoe');
  return { acme, zenith, brightline, liam, zoe };
}

/** The demo accounts: employees, a dual account (Ava) and supplier accounts at company and personnel level. */
function addAccounts(o: Org, emp: EmployeeOf, { acme, zenith, liam, zoe }: Parties): void {
  const avaGroup = o.id('accountGroup', 'ava');
  const accounts: UserDef[] = [
    {
      username: 'olivia.admin',
      userType: 'employee',
      email: 'olivia.bennett@northwind.example',
      employeeId: emp('olivia'),
    },
    {
      username: 'ethan.coordinator',
      userType: 'employee',
      email: 'ethan.clarke@northwind.example',
      employeeId: emp('ethan'),
    },
    {
      username: 'mia.employee',
      userType: 'employee',
      email: 'mia.torres@northwind.example',
      employeeId: emp('mia'),
    },
    {
      username: 'noah.expired',
      userType: 'employee',
      email: 'noah.fischer@northwind.example',
      employeeId: emp('noah'),
      isForceUpdatePassword: true,
      passwordChangedDaysAgo: 120,
    },
    {
      username: 'ava.dual',
      userType: 'employee',
      email: 'ava.nguyen@northwind.example',
      employeeId: emp('ava'),
      accountGroupId: avaGroup,
      unsubscribed: { daysAgo: 20, reason: 'Too many reminders while I am on leave.' },
    },
    {
      username: 'ava.nguyen@acme-contracting.example',
      userType: 'supplier',
      email: 'ava.nguyen@acme-contracting.example',
      supplierId: acme,
      personnelId: o.id('personnel', 'ava'),
      accountGroupId: avaGroup,
    },
    {
      username: 'acme.supplier',
      userType: 'supplier',
      email: 'accounts@acme-contracting.example',
      supplierId: acme,
    },
    {
      username: 'liam.personnel',
      userType: 'supplier',
      email: 'liam.walker@acme-contracting.example',
      supplierId: acme,
      personnelId: liam,
    },
    {
      username: 'zoe.noportal',
      userType: 'supplier',
      email: 'zoe.martin@zenith-cleaning.example',
      supplierId: zenith,
      personnelId: zoe,
      unsubscribed: { daysAgo: 6, reason: 'I no longer work on the Northwind contract.' },
    },
  ];
  for (const account of accounts) addUser(o, account);
}
