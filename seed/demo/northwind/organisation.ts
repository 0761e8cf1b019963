import type { AccessKey } from '../../../shared/src/rules/access';
import { accessMap, addWorkplaces } from '../people';
import type { Org } from '../rows';

/** Northwind's workplaces, positions, roles and the roles' restrictions. */
export function addOrganisation(o: Org): void {
  const { companyId, rows } = o;

  addWorkplaces(o, {
    'Head Office': ['Level 3'],
    'Riverside Depot': ['Warehouse', 'Workshop'],
    'Harbour Site': ['North Gate', 'South Gate'],
  });
  for (const name of [
    'Managing Director',
    'Safety Coordinator',
    'Site Supervisor',
    'Technician',
    'HR Officer',
    'Warehouse Operative',
    'Administration Officer',
    'Quality Officer',
    'Driver',
  ]) {
    rows.position.push({ id: o.id('position', name), companyId, name });
  }

  const roles: Record<string, Record<AccessKey, boolean>> = {
    Administrator: accessMap(),
    Coordinator: accessMap(['system', 'hrAdmin', 'hrEmployeePrivateInfo']),
    // A plain employee: their own HR work (forms, reviews, competencies, profile) needs no HR key.
    'Restricted Employee': accessMap([
      'risk',
      'hazardous',
      'system',
      'actionRegister',
      'hr',
      'hrEmployee',
      'hrEmployeeRecord',
      'hrEmployeePrivateInfo',
      'hrPosition',
      'hrForm',
      'hrAdmin',
    ]),
  };
  for (const [name, access] of Object.entries(roles)) {
    rows.role.push({ id: o.id('role', name), companyId, name, access });
  }
  const restrictions: Array<[string, string, boolean]> = [
    ['Coordinator', 'formSubmissionClose', true],
    ['Coordinator', 'systemPreferences', false],
    ['Restricted Employee', 'formSubmissionEdit', true],
    ['Restricted Employee', 'formSubmissionClose', false],
    ['Restricted Employee', 'hrEmployeePrivateInfo', false],
  ];
  for (const [role, keyField, isAccess] of restrictions) {
    rows.accessRestriction.push({
      id: o.id('restriction', `${role}/${keyField}`),
      companyId,
      roleId: o.id('role', role),
      keyField,
      isAccess,
    });
  }
}
