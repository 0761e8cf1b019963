/**
 * The competency calls the API benchmark measures (issue 42; docs/human-resources.md): the
 * catalogue, the matrix (first page, filtered) and an employee's summary and records, as HR
 * (scale.admin: hrAdmin) and as the employee themself (scale.busy, My Competency). Needs the scale
 * seed's competencies (seed/scale/competencies.ts).
 */
import { createHash } from 'node:crypto';
import type { Case } from './cases';

/** An id of the scale seed (pg_temp.sid of seed/scale.ts: md5 of the key in a version-5 layout). */
function scaleId(key: string): string {
  const hex = createHash('md5').update(`compass-scale:${key}`).digest('hex');
  const laid = `${hex.slice(0, 12)}5${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${laid.slice(0, 8)}-${laid.slice(8, 12)}-${laid.slice(12, 16)}-${laid.slice(16, 20)}-${laid.slice(20)}`;
}

/** First Aid Certificate, the first competency of the scale catalogue. */
const FIRST_AID = scaleId('competency:1');

/** A POST case of the call its name starts with (`competencyMatrix: page 50` calls /api/competencyMatrix). */
const call = (name: string, who: Case['who'], body: Case['body'] = () => ({})): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who, method: 'POST', path: () => path, body };
};

export const COMPETENCY_CASES: Case[] = [
  call('competencyList', 'admin'),
  call('competencyList: searched', 'admin', () => ({ search: 'licence' })),
  call('competencyOptions', 'admin'),
  call('competencyMatrix', 'admin'),
  call('competencyMatrix: page 50', 'admin', () => ({ page: 50 })),
  call('competencyMatrix: expired anywhere', 'admin', () => ({
    standing: 'expired',
  })),
  call('competencyMatrix: one competency, expiring', 'admin', () => ({
    competencyId: FIRST_AID,
    standing: 'expiring',
  })),
  call('competencyMatrix: one competency, missing', 'admin', () => ({
    competencyId: FIRST_AID,
    standing: 'missing',
  })),
  call('competencyMatrix: searched', 'admin', () => ({ search: 'son' })),
  call('employeeCompetencySummary: HR', 'admin', (ids) => ({
    employeeId: ids.employeeId,
  })),
  call('employeeCompetencySummary: My Competency', 'busy', (ids) => ({
    employeeId: ids.employeeId,
  })),
  call('competencyRecordList', 'admin', (ids) => ({
    employeeId: ids.employeeId,
  })),
];
