/**
 * `npx tsx bench/templates.ts [--duration=10] [--warmup=3] [--connections=10] [--edits=40] [--label=x]`
 *
 * The template builder on the scale seed (run `npx tsx seed/scale.ts` and `npm run build` first):
 *  1. its calls over HTTP at 10 connections (autocannon in a child process): the template list,
 *     the builder's details and the export of a 200-field template with a few published versions;
 *     a draft save and a publish of it, one after another;
 *  2. in Debian Chromium, the builder open on that template: the time from typing into the
 *     selected field's label to the preview showing it (the DOM changed) and to the next painted
 *     frame. The target is under 50 ms.
 * Writes bench/results/templates-<date>[-<label>].md and .json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FIELD_TYPES, newField, type TTemplateDraft } from '@compass/shared';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { projectRoot } from '../server/src/db/migrate';
import { createPrisma } from '../server/src/db/prisma';
import { openScaleDatabase, SCALE_USERS } from '../seed/scaleDb';
import { load, post, signIn } from './http';
import { dayStamp, machineInfo, ms, percentile, requireScaleSeed } from './lib';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const { values: argv } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    edits: { type: 'string', default: '40' },
    label: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const DURATION_S = Number(argv.duration);
const WARMUP_S = Number(argv.warmup);
const CONNECTIONS = Number(argv.connections);
const EDITS = Number(argv.edits);
const NAME = 'Benchmark: 200 fields';
const webDistDir = path.join(projectRoot, 'web', 'dist');
if (!fs.existsSync(path.join(webDistDir, 'index.html'))) throw new Error('Run `npm run build` first.');

/** 200 fields over 10 sections, every type several times, each choice field with 5 options. */
function bigTemplate(revisionMark: number): TTemplateDraft {
  const taken = new Set<string>();
  const fields = Array.from({ length: 200 }, (_, index) => {
    const field = newField(FIELD_TYPES[index % FIELD_TYPES.length]!, taken);
    taken.add(field.key!);
    field.label = `${field.label} ${index + 1}`;
    if (field.options)
      field.options = Array.from({ length: 5 }, (_, n) => ({ value: `v${n}`, label: `Choice ${n + 1}` }));
    return field;
  });
  return {
    name: NAME,
    formType: 'form-submission',
    emailNotification: [revisionMark % 2 === 0 ? 1 : 4],
    sections: Array.from({ length: 10 }, (_, s) => ({
      label: `Section ${s + 1}`,
      fields: fields.slice(s * 20, s * 20 + 20),
    })),
  };
}

const database = await openScaleDatabase();
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  const companyId = await requireScaleSeed(client);
  const machine = await machineInfo(client);
  const templateCount = (
    await client.query<{ count: string }>(`SELECT count(*) FROM "FormTemplate" WHERE "companyId" = $1`, [
      companyId,
    ])
  ).rows[0]!.count;
  const db = createPrisma(database.url, 10);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDistDir,
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_ADDRESS: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
  });
  const app = await buildApp({ config, db, databaseUrl: database.url });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const token = await signIn(base, SCALE_USERS.admin);
  const call = async (name: string, body: unknown) => {
    const answer = await post(`${base}/api/${name}`, body, token);
    if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return (answer.json as { response_data: Record<string, unknown> }).response_data;
  };

  // The 200-field template, with three published versions (made once; later runs reuse it).
  const found = await client.query<{ id: string }>(
    `SELECT id FROM "FormTemplate" WHERE "companyId" = $1 AND name = $2`,
    [companyId, NAME],
  );
  const templateId =
    found.rows[0]?.id ??
    ((await call('templateCreate', { name: NAME, formType: 'form-submission' }))._id as string);
  const publishOnce = async (mark: number) => {
    const started = performance.now();
    const { revision } = await call('templateAdminDetails', { _id: templateId });
    const saved = await call('templateDraftSave', { _id: templateId, revision, template: bigTemplate(mark) });
    const afterSave = performance.now();
    await call('templatePublish', { _id: templateId, revision: saved.revision });
    return { save: afterSave - started, publish: performance.now() - afterSave };
  };
  if (found.rows.length === 0) for (let mark = 0; mark < 3; mark++) await publishOnce(mark);

  const rows: { name: string; rps: number; p50: number; p95: number; p99: number; non2xx: number }[] = [];
  const cases = [
    {
      name: `templateAdminList (${templateCount} templates, first page)`,
      path: 'templateAdminList',
      body: {},
    },
    { name: 'templateAdminList (search)', path: 'templateAdminList', body: { search: 'bench' } },
    { name: 'templateAdminDetails (200 fields)', path: 'templateAdminDetails', body: { _id: templateId } },
    { name: 'templateExport (200 fields)', path: 'templateExport', body: { _id: templateId } },
  ];
  for (const test of cases) {
    await call(test.path, test.body);
    const result = await load({
      url: `${base}/api/${test.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: token },
      body: JSON.stringify(test.body),
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
    });
    const { stats } = result;
    rows.push({ name: test.name, ...stats, non2xx: result.autocannon.non2xx });
    console.log(
      `${test.name}: ${stats.rps.toFixed(0)} req/s, p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms`,
    );
  }
  const writes = [];
  for (let mark = 0; mark < 10; mark++) writes.push(await publishOnce(mark));
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const saves = sorted(writes.map((write) => write.save));
  const publishes = sorted(writes.map((write) => write.publish));
  console.log(
    `draft save p50 ${ms(percentile(saves, 50))} ms, publish p50 ${ms(percentile(publishes, 50))} ms`,
  );

  // The builder in the browser: edit → preview.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await (
    await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } })
  ).newPage();
  await page.goto('/login');
  await page.evaluate((authToken) => localStorage.setItem('authToken', authToken), token);
  await page.goto(`/system-administration/form-templates/${templateId}`);
  const label = page.getByRole('region', { name: /field settings$/ }).getByLabel('Label', { exact: true });
  await label.waitFor({ timeout: 60_000 });
  await page.getByTestId('template-preview').waitFor();
  const fieldCount = await page.locator('[data-testid="template-preview"] .field-cell').count();
  const timings = await page.evaluate(async (edits) => {
    const input = document.querySelector<HTMLInputElement>('.builder-panel input.input')!;
    const preview = document.querySelector('[data-testid="template-preview"]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const results: { dom: number; frame: number }[] = [];
    for (let edit = 0; edit < edits; edit++) {
      const text = `Edited label ${edit}`;
      const shown = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (preview.textContent?.includes(text)) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(preview, { subtree: true, childList: true, characterData: true });
      });
      const started = performance.now();
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const dom = (await shown) - started;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      results.push({ dom, frame: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return results;
  }, EDITS);
  await browser.close();
  const dom = sorted(timings.map((timing) => timing.dom));
  const frame = sorted(timings.map((timing) => timing.frame));
  console.log(
    `edit → preview (${fieldCount} fields shown): DOM p50 ${ms(percentile(dom, 50))} ms p95 ${ms(percentile(dom, 95))} ms; ` +
      `painted p50 ${ms(percentile(frame, 50))} ms p95 ${ms(percentile(frame, 95))} ms`,
  );

  await app.close();
  await db.$disconnect();

  const label_ = argv.label ? `-${argv.label}` : '';
  const out = path.join(benchDir, 'results', `templates-${dayStamp()}${label_}`);
  const table = [
    '| call | req/s | p50 ms | p95 ms | p99 ms | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${row.non2xx} |`,
    ),
  ].join('\n');
  fs.writeFileSync(
    `${out}.md`,
    `# The template builder on the scale seed (${dayStamp()})\n\n` +
      `\`npx tsx bench/templates.ts --duration=${DURATION_S} --warmup=${WARMUP_S} --connections=${CONNECTIONS} --edits=${EDITS}\`; ` +
      `${os.cpus().length} cores, PostgreSQL ${machine.postgres}.\n\n` +
      `## Calls (${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s warm-up)\n\n${table}\n\n` +
      `Draft save of the 200-field template, one at a time (10 runs): p50 ${ms(percentile(saves, 50))} ms, ` +
      `max ${ms(saves.at(-1)!)} ms. Publish (a new version of 200 fields): p50 ${ms(percentile(publishes, 50))} ms, ` +
      `max ${ms(publishes.at(-1)!)} ms.\n\n` +
      `## Edit → preview in the builder (Chromium, ${fieldCount} fields in the live preview, ${EDITS} edits)\n\n` +
      `| measure | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: |\n` +
      `| the preview's DOM shows the new label | ${ms(percentile(dom, 50))} | ${ms(percentile(dom, 95))} | ${ms(dom.at(-1)!)} |\n` +
      `| the next frame is painted | ${ms(percentile(frame, 50))} | ${ms(percentile(frame, 95))} | ${ms(frame.at(-1)!)} |\n\n` +
      'Target: under 50 ms.\n',
  );
  fs.writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ machine, rows, saves, publishes, timings }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}.md`);
} finally {
  await client.end();
  await database.stop();
}
