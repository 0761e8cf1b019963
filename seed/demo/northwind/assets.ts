import { occurrenceDay, type FrequencyUnit } from '../../../shared/src/rules/frequency';
import { place } from '../people';
import type { Org } from '../rows';
import type { Northwind, NorthwindPeople } from './refs';

/**
 * Northwind's Asset Register (issue 44, docs/assets.md): six categories and seven assets with their
 * details. The tests know the assets by name and number (the label's number is the name's last
 * word: "FL-01"); the pressure washer was disposed of.
 */

/** [name, category, make, model, serial, "Workplace/Branch", location, owner key, supplier, days since bought, cost] */
type AssetRow = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string | null,
  number,
  number,
];
// prettier-ignore
const ASSETS: AssetRow[] = [
  ['Forklift FL-01', 'Forklifts', 'Toyota', '8FGU25', '608FGU25-31247', 'Riverside Depot/Warehouse', 'Bay 3 charging station', 'jack', 'Acme Contracting', 1480, 38500],
  ['Forklift FL-02', 'Forklifts', 'Toyota', '8FGU25', '608FGU25-40912', 'Riverside Depot/Warehouse', 'Bay 4 charging station', 'chloe', 'Acme Contracting', 910, 41200],
  ['Scissor Lift SL-07', 'Elevated work platforms', 'Genie', 'GS-1930', 'GS3016A-118842', 'Riverside Depot/Workshop', 'Workshop floor, east wall', 'lucas', 'Acme Contracting', 1210, 18950],
  ['Delivery Van NW-12', 'Vehicles', 'Ford', 'Transit Custom 320S', 'WF0YXXTTGYKA12345', 'Riverside Depot/Warehouse', 'Loading dock car park', 'henry', null, 700, 52990],
  ['Air Compressor AC-3', 'Compressors', 'Atlas Copco', 'GA 11 VSD+', 'API 118 452', 'Riverside Depot/Workshop', 'Compressor room', 'mia', 'Acme Contracting', 1100, 12400],
  ['Fire Pump FP-1', 'Fire equipment', 'Pentair', 'Aurora 481', 'AUR-481-07731', 'Harbour Site/South Gate', 'Pump house', 'isla', 'Brightline Electrical', 2010, 27500],
  ['Pressure Washer PW-2', 'Cleaning equipment', 'Kärcher', 'HDS 8/18-4 C', '1.174-900.0-00981', 'Harbour Site/South Gate', 'Wash bay', 'amelia', 'Zenith Cleaning', 1620, 4650],
];

const CATEGORIES = [
  'Forklifts',
  'Elevated work platforms',
  'Vehicles',
  'Compressors',
  'Fire equipment',
  'Cleaning equipment',
];

/** The register's categories and assets; the asset's id by its name. */
export function addNorthwindAssets(o: Org, { emp }: Pick<NorthwindPeople, 'emp'>): (name: string) => string {
  const { cal, companyId, rows } = o;
  for (const name of CATEGORIES) {
    rows.assetCategory.push({ id: o.id('assetCategory', name), companyId, name, createdAt: cal.at(-400) });
  }
  for (const [
    name,
    category,
    make,
    model,
    serialNumber,
    at,
    location,
    owner,
    supplier,
    age,
    cost,
  ] of ASSETS) {
    const [workplace = '', branch = ''] = at.split('/');
    const disposed = name === 'Pressure Washer PW-2';
    rows.asset.push({
      id: o.id('asset', name),
      companyId,
      number: name.split(' ').at(-1)!,
      name,
      categoryId: o.id('assetCategory', category),
      make,
      model,
      serialNumber,
      ...place(o, workplace, branch),
      location,
      ownerEmployeeId: emp(owner),
      supplierId: supplier && o.id('supplier', supplier),
      purchaseDate: cal.day(-age),
      purchaseCost: cost.toFixed(2),
      // The scissor lift was tagged out by its fault (addNorthwindMaintenance).
      status: disposed ? 'disposed' : name === 'Scissor Lift SL-07' ? 'outOfService' : 'inService',
      isActive: !disposed,
      notes: disposed ? 'Pump seized; written off and sent for scrap metal recycling.' : '',
      createdAt: cal.at(-Math.min(age, 390)),
    });
  }
  return (name) => o.id('asset', name);
}

/** A done occurrence of a plan: [notes, cost or null, days late (negative: early)]. */
type Done = [string, number | null, number];

/** Writes a plan's row and its records of an asset (addNorthwindMaintenance). */
function maintenanceWriters(o: Org, n: Northwind) {
  const { cal, companyId, rows } = o;
  const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);
  const today = cal.iso(0);

  const plan = (
    key: string,
    target: { assetId: string } | { categoryId: string },
    frequency: FrequencyUnit,
    firstDue: number,
    assignee: { assigneeEmployeeId: string } | { assigneeSupplierId: string },
    extra: { instructions: string; formTemplateId?: string },
  ) => {
    const id = o.id('maintenancePlan', key);
    rows.maintenancePlan.push({
      id,
      companyId,
      title: key,
      frequency,
      firstDueDate: cal.day(firstDue),
      ...target,
      ...assignee,
      ...extra,
      createdAt: cal.at(firstDue - 14),
    });
    return {
      id,
      title: key,
      frequency,
      first: cal.iso(firstDue),
      assignee,
      instructions: extra.instructions,
    };
  };
  /** Days from today to a day (negative: before). */
  const offsetOf = (day: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
  /**
   * The plan's records of an asset: the occurrences in `done`, each made when the one before was
   * completed, then the next one open.
   */
  const history = (
    p: ReturnType<typeof plan>,
    assetName: string,
    done: Done[],
    completedByUserId?: string,
  ) => {
    let created = cal.at(offsetOf(p.first) - 14);
    const record = (index: number) => ({
      id: o.id('maintenanceRecord', `${p.title}/${assetName}/${index}`),
      companyId,
      assetId: n.asset(assetName),
      planId: p.id,
      kind: 'planned' as const,
      title: p.title,
      instructions: p.instructions,
      ...p.assignee,
      dueDate: asDate(occurrenceDay(p.first, p.frequency, index)),
      createdAt: created,
    });
    done.forEach(([notes, cost, late], index) => {
      const completed = offsetOf(occurrenceDay(p.first, p.frequency, index)) + late;
      rows.maintenanceRecord.push({
        ...record(index),
        status: 'done',
        completedOn: cal.day(completed),
        completedByUserId,
        completionNotes: notes,
        cost: cost === null ? null : cost.toFixed(2),
        updatedAt: cal.at(completed, 15, 30),
      });
      created = cal.at(completed, 15, 30);
    });
    rows.maintenanceRecord.push({ ...record(done.length), status: 'open' });
  };
  return { plan, history };
}

/**
 * Planned maintenance, its history and the open work (the Asset table's open-work columns follow
 * from the open records by trigger):
 * - "Pre-start inspection", monthly, of the Forklifts category, done by Mia (mia.employee: her
 *   dashboard's Maintenance section): FL-01's next one is upcoming, FL-02's is overdue.
 * - "Compressor service", quarterly, of Air Compressor AC-3, done by Acme Contracting (its portal's
 *   Maintenance section), with costs.
 * - A fault on Scissor Lift SL-07 reported by Mia, who tagged it out: its corrective record is open
 *   and unassigned (the owner, Lucas, does not sign in), waiting on the register.
 */
export function addNorthwindMaintenance(o: Org, n: Northwind): void {
  const mia = o.userOfEmployee(n.mia);
  const acmeUser = o.id('user', 'acme.supplier');
  const { plan, history } = maintenanceWriters(o, n);

  const prestart = plan(
    'Pre-start inspection',
    { categoryId: o.id('assetCategory', 'Forklifts') },
    'months',
    // Five months before a day 5 to 8 days ahead: FL-01's next one is upcoming whatever the month.
    -145,
    { assigneeEmployeeId: n.mia },
    {
      instructions:
        'Check the forks, chains, mast, tyres, horn, lights and seat belt; test the brakes and the hydraulics. Tag the forklift out if anything fails.',
      formTemplateId: n.templates.inspection.id,
    },
  );
  history(
    prestart,
    'Forklift FL-01',
    [
      ['All checks passed.', null, 0],
      ['Horn weak: replaced the fuse.', 12.5, 1],
      ['All checks passed.', null, -1],
      ['Left rear tyre worn; replacement booked with Acme.', null, 0],
      ['All checks passed. New tyre fitted.', null, 2],
    ],
    mia,
  );
  // FL-02's last inspection is overdue: only four of the five past ones were done.
  history(
    prestart,
    'Forklift FL-02',
    [
      ['All checks passed.', null, 0],
      ['Seat belt buckle sticking: cleaned and lubricated.', null, 0],
      ['All checks passed.', null, 1],
      ['All checks passed.', null, 0],
    ],
    mia,
  );

  const compressor = plan(
    'Compressor service',
    { assetId: n.asset('Air Compressor AC-3') },
    'quarterly',
    // Three quarters (273 to 276 days) after it, the open service is a few days ahead.
    -270,
    { assigneeSupplierId: n.acme },
    {
      instructions:
        'Quarterly service: drain the receiver, change the oil and the air filter, check the safety valve and record the running hours.',
    },
  );
  history(
    compressor,
    'Air Compressor AC-3',
    [
      ['Oil and air filter changed; 6,120 running hours.', 385, 0],
      ['Oil and air filter changed; safety valve tested.', 420, 3],
      ['Oil separator replaced (pressure drop 1.2 bar); 6,980 running hours.', 1265.5, -2],
    ],
    acmeUser,
  );

  addLiftFault(o, n);
}

/** The fault on Scissor Lift SL-07 that Mia reported and tagged out: its corrective record is open and unassigned. */
function addLiftFault(o: Org, n: Northwind): void {
  const { cal, companyId, rows } = o;
  const description = 'Platform drifts down when raised; hydraulic oil leaking under the base.';
  const recordId = o.id('maintenanceRecord', 'fault/Scissor Lift SL-07');
  const lift = n.asset('Scissor Lift SL-07');
  rows.maintenanceRecord.push({
    id: recordId,
    companyId,
    assetId: lift,
    kind: 'corrective',
    title: `Fault: ${description.slice(0, 80)}`,
    instructions: description,
    dueDate: cal.day(-2),
    status: 'open',
    createdAt: cal.at(-2, 14, 20),
  });
  rows.assetFault.push({
    id: o.id('assetFault', 'Scissor Lift SL-07'),
    companyId,
    assetId: lift,
    description,
    reportedByEmployeeId: n.mia,
    tookOutOfService: true,
    recordId,
    createdAt: cal.at(-2, 14, 20),
  });
}
