import { ACCESS_KEYS, type AccessKey } from '../../shared/src/rules/access';
import { fail } from './ids';
import { Org } from './rows';

// ---------- Organisation basics ----------

export function accessMap(denied: AccessKey[] = []): Record<AccessKey, boolean> {
  const map = {} as Record<AccessKey, boolean>;
  for (const key of ACCESS_KEYS) map[key] = !denied.includes(key);
  return map;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** [key, "First Last", position, role, "Workplace/Branch", isActive?] */
export type EmployeeRow = [string, string, string, string, string, boolean?];

/** Employees numbered from `firstNumber` (for example NW-1001) in list order. */
export function addEmployees(
  o: Org,
  emailDomain: string,
  firstNumber: string,
  list: EmployeeRow[],
): Record<string, string> {
  const [, prefix = '', start = '0'] = /^(.*?)(\d+)$/.exec(firstNumber) ?? [];
  const ids: Record<string, string> = {};
  list.forEach(([key, fullName, position, role, workplaceBranch, isActive = true], index) => {
    const [firstName = '', lastName = ''] = fullName.split(' ');
    const [workplace = '', branch = ''] = workplaceBranch.split('/');
    const id = o.id('employee', key);
    ids[key] = id;
    o.rows.employee.push({
      id,
      companyId: o.companyId,
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${emailDomain}`.toLowerCase(),
      employeeNumber: `${prefix}${Number(start) + index}`,
      positionId: o.id('position', position),
      roleId: o.id('role', role),
      ...place(o, workplace, branch),
      isActive,
      createdAt: o.cal.at(-300 + index),
    });
  });
  return ids;
}

/**
 * The reporting line: each employee's key → their manager's key (every employee but the top one
 * has a manager, leavers included). Managers see their reports' competencies and start their
 * performance reviews.
 */
export function setManagers(o: Org, ids: Record<string, string>, managers: Record<string, string>): void {
  for (const [key, managerKey] of Object.entries(managers)) {
    const row = o.rows.employee.find((employee) => employee.id === ids[key]) ?? fail(`employee ${key}`);
    row.managerEmployeeId = ids[managerKey] ?? fail(`manager ${managerKey}`);
  }
}

export function addWorkplaces(o: Org, workplaces: Record<string, string[]>): void {
  for (const [name, branches] of Object.entries(workplaces)) {
    const workplaceId = o.id('workplace', name);
    o.rows.workplace.push({ id: workplaceId, companyId: o.companyId, name });
    for (const branch of branches) {
      o.rows.branch.push({
        id: o.id('branch', `${name}/${branch}`),
        companyId: o.companyId,
        workplaceId,
        name: branch,
      });
    }
  }
}

export const place = (o: Org, workplace: string, branch: string) => ({
  workplaceId: o.id('workplace', workplace),
  branchId: o.id('branch', `${workplace}/${branch}`),
});

export interface UserDef {
  username: string;
  userType: 'employee' | 'supplier' | 'company';
  email: string;
  employeeId?: string;
  supplierId?: string;
  personnelId?: string;
  accountGroupId?: string;
  isForceUpdatePassword?: boolean;
  passwordChangedDaysAgo?: number;
  /** Unsubscribed from optional e-mail that many days ago, with the reason given (System Administration > Notifications). */
  unsubscribed?: { daysAgo: number; reason: string };
}

export function addUser(o: Org, def: UserDef): string {
  const id = o.id('user', def.username);
  o.rows.user.push({
    id,
    companyId: o.companyId,
    username: def.username,
    email: def.email,
    passwordHash: o.passwordHash,
    userType: def.userType,
    isForceUpdatePassword: def.isForceUpdatePassword ?? false,
    accountGroupId: def.accountGroupId ?? null,
    employeeId: def.employeeId ?? null,
    supplierId: def.supplierId ?? null,
    personnelId: def.personnelId ?? null,
    passwordChangedAt: o.cal.at(-(def.passwordChangedDaysAgo ?? 30)),
    unsubscribedAt: def.unsubscribed ? o.cal.at(-def.unsubscribed.daysAgo) : null,
    unsubscribeReason: def.unsubscribed?.reason ?? null,
    createdAt: o.cal.at(-180),
  });
  const owner = def.employeeId ?? def.personnelId;
  if (owner) o.rememberUser(owner, id);
  return id;
}
