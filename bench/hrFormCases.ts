/**
 * The HR Forms register calls the API benchmark measures (issue 42; docs/human-resources.md "HR
 * forms"): the register's first and a deep page, filtered by status, by employee, by due range and
 * searched, and the assign dialog's options, as HR (scale.admin). Needs the scale seed's year of HR
 * forms (seed/scale/hrForms.ts).
 */
import { addDays } from '@compass/shared';
import type { Case } from './cases';

/** A POST case of the call its name starts with (`hrFormList: page 50` calls /api/hrFormList). */
const call = (name: string, body: Case['body'] = () => ({})): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who: 'admin', method: 'POST', path: () => path, body };
};

const today = new Date().toISOString().slice(0, 10);

export const HR_FORM_CASES: Case[] = [
  call('hrFormList'),
  call('hrFormList: page 50', () => ({ page: 50 })),
  call('hrFormList: submitted', () => ({ status: 'submitted' })),
  call('hrFormList: one employee', (ids) => ({ employeeId: ids.employeeId })),
  call('hrFormList: due within a month', () => ({ dueFrom: today, dueTo: addDays(today, 30) })),
  call('hrFormList: searched', () => ({ search: 'son' })),
  call('hrFormAssignOptions'),
];
