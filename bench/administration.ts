/**
 * `npx tsx bench/administration.ts [--duration=10] [--warmup=3] [--connections=10] [--label=x] [--only=text]`
 *
 * The administration, noticeboard, Records, Form Register and Requirements calls on the scale seed (run `npx tsx seed/scale.ts` first):
 * 2,000 employees, 100 supplier companies with their personnel, 50,000 notices. Starts the app in
 * process (production config, silent log), signs in as the scale organisation's administrator, and
 * measures each call over HTTP at the same concurrency with autocannon in a child process (its own
 * event loop). Writes bench/results/administration-<date>[-<label>].md and .json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createPrisma } from '../server/src/db/prisma';
import { openScaleDatabase, SCALE_USERS } from '../seed/scaleDb';
import { load, post, signIn } from './http';
import { dayStamp, machineInfo, ms, requireScaleSeed } from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    label: { type: 'string' },
    /** Only the calls whose name contains this text. */
    only: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const DURATION_S = Number(argv.duration);
const WARMUP_S = Number(argv.warmup);
const CONNECTIONS = Number(argv.connections);

interface Case {
  name: string;
  path: string;
  body: (ids: { employeeId: string; supplierId: string; submissionId: string }) => Record<string, unknown>;
  who: 'admin' | 'busy' | 'supplier';
}

const CASES: Case[] = [
  { name: 'employeeList (first page)', path: '/api/employeeList', body: () => ({}), who: 'admin' },
  { name: 'employeeList (page 50)', path: '/api/employeeList', body: () => ({ page: 50 }), who: 'admin' },
  {
    name: 'employeeList (search "son")',
    path: '/api/employeeList',
    body: () => ({ search: 'son' }),
    who: 'admin',
  },
  {
    name: 'employeeList (invited)',
    path: '/api/employeeList',
    body: () => ({ status: 'invited' }),
    who: 'admin',
  },
  {
    name: 'employeeDetails',
    path: '/api/employeeDetails',
    body: ({ employeeId }) => ({ _id: employeeId }),
    who: 'admin',
  },
  { name: 'employeeFormOptions', path: '/api/employeeFormOptions', body: () => ({}), who: 'admin' },
  { name: 'roleList', path: '/api/roleList', body: () => ({}), who: 'admin' },
  { name: 'workplaceList', path: '/api/workplaceList', body: () => ({}), who: 'admin' },
  { name: 'positionList', path: '/api/positionList', body: () => ({}), who: 'admin' },
  { name: 'supplierList', path: '/api/supplierList', body: () => ({}), who: 'admin' },
  { name: 'personnelList (all)', path: '/api/personnelList', body: () => ({}), who: 'admin' },
  {
    name: 'personnelList (one company)',
    path: '/api/personnelList',
    body: ({ supplierId }) => ({ supplierId }),
    who: 'admin',
  },
  { name: 'noticeAdminList (all)', path: '/api/noticeAdminList', body: () => ({}), who: 'admin' },
  {
    name: 'noticeAdminList (live)',
    path: '/api/noticeAdminList',
    body: () => ({ status: 'live' }),
    who: 'admin',
  },
  {
    name: 'noticeAdminList (search)',
    path: '/api/noticeAdminList',
    body: () => ({ search: 'safety' }),
    who: 'admin',
  },
  {
    name: 'noticeboardList (reader)',
    path: '/api/noticeboardList',
    body: () => ({ page: 1, pageSize: 20 }),
    who: 'busy',
  },
  {
    name: 'supplierAssignmentList (Form Register)',
    path: '/api/supplierAssignmentList',
    body: () => ({}),
    who: 'admin',
  },
  {
    name: 'supplierAssignmentList (submitted)',
    path: '/api/supplierAssignmentList',
    body: () => ({ status: 'submitted' }),
    who: 'admin',
  },
  {
    name: 'supplierAssignmentList (one company)',
    path: '/api/supplierAssignmentList',
    body: ({ supplierId }) => ({ supplierId }),
    who: 'admin',
  },
  {
    name: 'supplierAssignmentOptions',
    path: '/api/supplierAssignmentOptions',
    body: () => ({}),
    who: 'admin',
  },
  {
    name: 'formSubmissionList (My Records)',
    path: '/api/formSubmissionList',
    body: () => ({ scope: 'my' }),
    who: 'busy',
  },
  {
    name: 'formSubmissionList (My Records, open)',
    path: '/api/formSubmissionList',
    body: () => ({ scope: 'my', status: 'Open' }),
    who: 'busy',
  },
  {
    name: 'formSubmissionList (Records, by number)',
    path: '/api/formSubmissionList',
    body: () => ({ scope: 'all', sort: 'number' }),
    who: 'admin',
  },
  {
    name: 'formSubmissionList (Records, searched)',
    path: '/api/formSubmissionList',
    body: () => ({ scope: 'all', search: 'inspection' }),
    who: 'admin',
  },
  {
    name: 'supplierRequirementList (Requirements register)',
    path: '/api/supplierRequirementList',
    body: () => ({}),
    who: 'admin',
  },
  {
    name: 'supplierRequirementList (expiring soon)',
    path: '/api/supplierRequirementList',
    body: () => ({ state: 'expiringSoon' }),
    who: 'admin',
  },
  {
    name: 'supplierRequirementList (search "licence")',
    path: '/api/supplierRequirementList',
    body: () => ({ search: 'licence' }),
    who: 'admin',
  },
  {
    name: 'supplierCompliance (one company)',
    path: '/api/supplierCompliance',
    body: ({ supplierId }) => ({ supplierId }),
    who: 'admin',
  },
  { name: 'requirementTypeList', path: '/api/requirementTypeList', body: () => ({}), who: 'admin' },
  {
    name: 'formSubmissionRelatedLists (no form)',
    path: '/api/formSubmissionRelatedLists',
    body: () => ({}),
    who: 'busy',
  },
  {
    name: 'formSubmissionRelatedLists (a stored form)',
    path: '/api/formSubmissionRelatedLists',
    body: ({ submissionId }) => ({ formSubmissionId: submissionId }),
    who: 'busy',
  },
  {
    name: 'formSubmissionRelatedLists (supplier user)',
    path: '/api/formSubmissionRelatedLists',
    body: () => ({}),
    who: 'supplier',
  },
  {
    name: 'relatedOptionSearch (employees "son")',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'employee', search: 'son' }),
    who: 'busy',
  },
  {
    name: 'relatedOptionSearch (employees, page 5)',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'employee', search: '', page: 5 }),
    who: 'busy',
  },
  {
    name: 'relatedOptionSearch (personnel "an")',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'personnel', search: 'an' }),
    who: 'busy',
  },
  {
    name: 'relatedOptionSearch (submissions "inspection")',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'submission', search: 'inspection' }),
    who: 'busy',
  },
  {
    name: 'relatedOptionSearch (submissions "FS 1042")',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'submission', search: 'FS 1042' }),
    who: 'busy',
  },
  {
    name: 'relatedOptionSearch (supplier user, employees)',
    path: '/api/relatedOptionSearch',
    body: () => ({ kind: 'employee', search: '' }),
    who: 'supplier',
  },
  {
    name: 'changeLogList (employee)',
    path: '/api/changeLogList',
    body: ({ employeeId }) => ({ entityType: 'employee', entityId: employeeId }),
    who: 'admin',
  },
];

const database = await openScaleDatabase();
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  const companyId = await requireScaleSeed(client);
  const machine = await machineInfo(client);
  const ids = {
    employeeId: (
      await client.query<{ id: string }>(
        `SELECT id FROM "Employee" WHERE "companyId" = $1 ORDER BY "lastName" LIMIT 1`,
        [companyId],
      )
    ).rows[0]!.id,
    supplierId: (
      await client.query<{ id: string }>(
        `SELECT id FROM "SupplierCompany" WHERE "companyId" = $1 ORDER BY name LIMIT 1`,
        [companyId],
      )
    ).rows[0]!.id,
    // A form the busy employee coordinates (the scale seed stores no answers or change log).
    submissionId: (
      await client.query<{ id: string }>(
        `SELECT c."submissionId" AS id FROM "SubmissionCoordinator" c
           JOIN "User" u ON u."employeeId" = c."employeeId" AND u.username = $1
           ORDER BY c."submissionId" LIMIT 1`,
        [SCALE_USERS.busy],
      )
    ).rows[0]!.id,
  };
  const db = createPrisma(database.url, 10);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '',
    DATABASE_URL: database.url,
  });
  const app = await buildApp({ config, db, databaseUrl: database.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const tokens = {
    admin: await signIn(base, SCALE_USERS.admin),
    busy: await signIn(base, SCALE_USERS.busy),
    supplier: await signIn(base, SCALE_USERS.supplier),
  };

  const rows: {
    name: string;
    rps: number;
    p50: number;
    p95: number;
    p99: number;
    non2xx: number;
    sample: string;
  }[] = [];
  for (const test of CASES.filter((entry) => !argv.only || entry.name.includes(argv.only))) {
    const body = test.body(ids);
    const first = await post(`${base}${test.path}`, body, tokens[test.who]);
    if (first.status !== 200) throw new Error(`${test.name}: ${first.status} ${JSON.stringify(first.json)}`);
    const data = (first.json as { response_data: Record<string, unknown> }).response_data;
    const size = `${(JSON.stringify(first.json).length / 1024).toFixed(1)} KB`;
    const sample =
      'total' in data
        ? `total ${String(data.total)}, ${size}`
        : Array.isArray(data.list)
          ? `${data.list.length} rows, ${size}`
          : size;
    const result = await load({
      url: `${base}${test.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: tokens[test.who] },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    const { stats } = result;
    rows.push({
      name: test.name,
      rps: stats.rps,
      p50: stats.p50,
      p95: stats.p95,
      p99: stats.p99,
      non2xx: result.autocannon.non2xx,
      sample,
    });
    console.log(
      `${test.name}: ${stats.rps.toFixed(0)} req/s, p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms (${sample})`,
    );
  }
  await app.close();
  await db.$disconnect();

  const label = argv.label ? `-${argv.label}` : '';
  const out = path.join(benchDir, 'results', `administration-${dayStamp()}${label}`);
  const table = [
    '| call | req/s | p50 ms | p95 ms | p99 ms | non-2xx | answer |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.non2xx} | ${row.sample} |`,
    ),
  ].join('\n');
  fs.writeFileSync(
    `${out}.md`,
    `# Administration and noticeboard calls on the scale seed (${dayStamp()})\n\n` +
      `\`npx tsx bench/administration.ts --duration=${DURATION_S} --warmup=${WARMUP_S} --connections=${CONNECTIONS}\`, ` +
      `${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up; ${os.cpus().length} cores, ` +
      `PostgreSQL ${machine.postgres}.\n\n${table}\n`,
  );
  fs.writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ machine, connections: CONNECTIONS, durationS: DURATION_S, rows }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}.md`);
} finally {
  await client.end();
  await database.stop();
}
