import type { TFileAsset, TOrganisationFile } from '@compass/shared';
import type { Asset } from '../../generated/prisma/client';
import type { Db } from '../../db/prisma';
import { allowedKeys } from '../administration';
import { templateFileOf } from './templates';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : undefined);
/** A value only when it differs from the default, so the file carries what was chosen. */
const unless = <T>(value: T | null | undefined, fallback: T | null): T | undefined =>
  value === null || value === undefined || value === fallback ? undefined : value;

/** Drops undefined entries, so YAML and JSON carry only what is set. */
function clean<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** An asset as the file gives it: its details by name (owner by e-mail), defaults left out. */
function assetFileOf(
  a: Asset,
  names: {
    categories: { id: string; name: string }[];
    workplaces: { id: string; name: string; branches: { id: string; name: string }[] }[];
    employees: { id: string; email: string | null }[];
    suppliers: { id: string; name: string }[];
  },
): TFileAsset {
  const nameOf = (rows: { id: string; name: string }[], id: string | null) =>
    rows.find((row) => row.id === id)?.name;
  return {
    number: a.number,
    name: a.name,
    category: nameOf(names.categories, a.categoryId),
    make: unless(a.make, ''),
    model: unless(a.model, ''),
    serialNumber: unless(a.serialNumber, ''),
    workplace: nameOf(names.workplaces, a.workplaceId),
    branch: nameOf(
      names.workplaces.flatMap((w) => w.branches),
      a.branchId,
    ),
    location: unless(a.location, ''),
    owner: names.employees.find((e) => e.id === a.ownerEmployeeId)?.email ?? undefined,
    supplier: nameOf(names.suppliers, a.supplierId),
    purchaseDate: day(a.purchaseDate),
    purchaseCost: a.purchaseCost ? Number(a.purchaseCost) : undefined,
    status: unless(a.status, 'inService'),
    notes: unless(a.notes, ''),
  };
}

/**
 * Writes an organisation in the organisation file's format: no ids, no passwords, no secrets,
 * sorted by name, defaults left out. Export → import into an empty database → export gives the
 * same file. `logo` names the logo file the caller writes next to the output (none: left out).
 */
export async function exportOrganisation(
  db: Db,
  companyId: string,
  logo?: string,
): Promise<TOrganisationFile> {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId } });
  const where = { companyId };
  const [
    workplaces,
    positions,
    roles,
    employees,
    suppliers,
    assets,
    categories,
    risks,
    substances,
    notices,
    sso,
    templates,
  ] = await Promise.all([
    db.workplace.findMany({ where, include: { branches: true } }),
    db.position.findMany({ where }),
    db.role.findMany({ where }),
    db.employee.findMany({ where, include: { user: true, position: true, role: true } }),
    db.supplierCompany.findMany({ where, include: { users: true, personnel: { include: { user: true } } } }),
    db.asset.findMany({ where }),
    db.assetCategory.findMany({ where }),
    db.risk.findMany({ where }),
    db.hazardousSubstance.findMany({ where }),
    db.notice.findMany({ where }),
    db.ssoProvider.findMany({ where }),
    // Published templates only: a draft never published is work in progress, not part of the organisation.
    db.formTemplate.findMany({ where: { ...where, currentVersion: { gt: 0 } } }),
  ]);
  const workplaceById = new Map(workplaces.map((w) => [w.id, w]));
  const branchName = new Map(workplaces.flatMap((w) => w.branches.map((b) => [b.id, b.name] as const)));
  const employeeKey = new Map(
    employees.map((e) => [e.id, e.user?.username ?? e.employeeNumber ?? undefined]),
  );
  const usernameOf = (employeeId: string) => employees.find((e) => e.id === employeeId)?.user?.username;
  const names = new Map<string, string>([
    ...workplaces.map((w) => [w.id, w.name] as const),
    ...roles.map((r) => [r.id, r.name] as const),
    ...suppliers.map((s) => [s.id, s.name] as const),
  ]);

  const file: TOrganisationFile = {
    version: 1,
    organisation: {
      name: company.name,
      timeZone: unless(company.timeZone, 'UTC'),
      mailSenderName: unless(company.mailSenderName, null),
      headerTitle: unless(company.headerTitle, null),
      homeSiteUrl: unless(company.homeSiteUrl, null),
      logo: company.logoKey ? logo : undefined,
    },
    workplaces: workplaces.sort(byName).map((w) => ({
      name: w.name,
      active: unless(w.isActive, true),
      branches: w.branches.length
        ? w.branches.sort(byName).map((b) => ({ name: b.name, active: unless(b.isActive, true) }))
        : undefined,
    })),
    positions: positions.sort(byName).map((p) => p.name),
    roles: roles.sort(byName).map((r) => ({ name: r.name, access: allowedKeys(r.access) })),
    employees: employees
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName) ||
          a.firstName.localeCompare(b.firstName) ||
          (a.user?.username ?? '').localeCompare(b.user?.username ?? ''),
      )
      .map((e) => ({
        firstName: e.firstName,
        lastName: e.lastName,
        username: e.user?.username,
        email: e.email ?? undefined,
        employeeNumber: e.employeeNumber ?? undefined,
        position: e.position?.name,
        role: e.role?.name,
        workplace: e.workplaceId ? workplaceById.get(e.workplaceId)?.name : undefined,
        branch: e.branchId ? branchName.get(e.branchId) : undefined,
        manager: e.managerEmployeeId ? employeeKey.get(e.managerEmployeeId) : undefined,
        active: unless(e.isActive, true),
      })),
    suppliers: suppliers.sort(byName).map((s) => {
      const users = s.users
        .filter((u) => !u.personnelId)
        .sort((a, b) => a.username.localeCompare(b.username));
      const personnel = s.personnel.sort(
        (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
      );
      return {
        name: s.name,
        email: s.email ?? undefined,
        supplierPortal: unless(s.supplierPortal, false),
        supplierAccess: unless(s.supplierAccess, false),
        active: unless(s.isActive, true),
        users: users.length
          ? users.map((u) => ({ username: u.username, email: u.email ?? undefined }))
          : undefined,
        personnel: personnel.length
          ? personnel.map((p) => ({
              firstName: p.firstName,
              lastName: p.lastName,
              email: p.email ?? undefined,
              username: p.user?.username,
              active: unless(p.isActive, true),
            }))
          : undefined,
      };
    }),
    assets: assets
      .sort((a, b) => a.number.localeCompare(b.number))
      .map((a) => assetFileOf(a, { categories, workplaces, employees, suppliers })),
    risks: risks
      .sort(byName)
      .map((r) => ({ name: r.name, colour: r.colour, master: unless(r.isMaster, false) })),
    hazardousSubstances: substances.sort(byName).map((h) => h.name),
    notices: notices
      .sort((a, b) => day(a.startDate)!.localeCompare(day(b.startDate)!) || a.title.localeCompare(b.title))
      .map((n) => ({
        title: n.title,
        content: n.content,
        priority: unless(n.priority, 'none'),
        startDate: day(n.startDate)!,
        expireDate: day(n.expireDate),
        audience: unless(n.audience, 'everyone'),
        audienceNames: n.audienceIds.length
          ? n.audienceIds.map((id) => names.get(id) ?? id).sort()
          : undefined,
        published: unless(n.isPublished, true),
      })),
    sso: sso
      .sort((a, b) => a.provider.localeCompare(b.provider))
      .map((p) => ({
        provider: p.provider,
        issuer: p.issuer,
        clientId: p.clientId,
        enabled: unless(p.isEnabled, true),
      })),
    templates: await Promise.all(
      templates.sort(byName).map((template) => templateFileOf(db, template, companyId, usernameOf)),
    ),
  };
  return clean(file);
}
