import { DOCUMENT_SCALE } from './documents';

/** One statement of the scale seed, timed on its own. */
export interface Step {
  name: string;
  sql: string;
  params?: unknown[];
}

// ---------- Sizes ----------

export const SCALE = {
  employees: 2000,
  workplaces: 50,
  branchesPerWorkplace: 4,
  suppliers: 100,
  personnelPerSupplier: 10,
  templates: 30,
  submissions: 200_000,
  actions: 500_000,
  notices: 50_000,
  scheduledTasks: 30_000,
  reviews: 10_000,
  hrAssignments: 20_000,
  supplierAssignments: 10_000,
  supplierRequirements: 10_000,
  audits: 5_000,
  questionsPerAudit: 10,
  obligations: 100,
  tasksPerObligation: 200,
  documents: DOCUMENT_SCALE.documents,
} as const;

export const E = SCALE.employees;
export const WP = SCALE.workplaces;
export const BPW = SCALE.branchesPerWorkplace;
export const S = SCALE.suppliers;
export const PPS = SCALE.personnelPerSupplier;
export const P = S * PPS;
export const T = SCALE.templates;
export const N = SCALE.submissions;
/** SQL of the session helpers (scale.ts): the organisation's id and today. */
export const cid = 'pg_temp.cid()';
export const today = 'pg_temp.today()';
/** SQL of a workplace and one of its branches, picked by the row's pseudo-random numbers. */
export const place = (i: string, s: number) =>
  `pg_temp.wp(1 + floor(${WP} * pg_temp.rnd(${i}, ${s}))::int),
     pg_temp.br(1 + floor(${WP} * pg_temp.rnd(${i}, ${s}))::int, 1 + floor(${BPW} * pg_temp.rnd(${i}, ${s + 1}))::int)`;
