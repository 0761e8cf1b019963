/**
 * The close-off PDF of a large submission: 200 fields of every type in 10 sections (text and
 * choices, long text, rich text, tables, signatures and diagrams as SVG data URLs, photos, section
 * headings, action lists). Times the two steps of a close that do not touch the database:
 * turning the values into the document model (the images through sharp) and rendering with pdfkit.
 * Target: under 1 s for both together.
 *
 *   npm run bench:pdf                 # 3 warm-up runs, then 15 timed runs
 *   npm run bench:pdf -- --runs=30 --label=x
 *
 * Writes bench/results/pdf-<date>[-<label>].md and .json; the last PDF goes to the temporary
 * folder for a look (its path is printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { PdfAction, PdfField, PdfModel } from '../server/src/modules/closeOff/pdfDocument';
import { dataUrlImage, toPdfImage } from '../server/src/modules/closeOff/pdfImages';
import { closeRenderPools, renderPdfIsolated } from '../server/src/modules/closeOff/renderPool';
import { parseRichText } from '../server/src/modules/closeOff/richText';
import { dayStamp, ms, percentile } from './lib';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((arg) => /^--([^=]+)=(.*)$/.exec(arg))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1], match[2]]),
);
const RUNS = Number(args.runs ?? 15);
const WARMUP = Number(args.warmup ?? 3);
const FIELDS = 200;
const SECTIONS = 10;

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
/** A different signature per field, as real ones are (no cache can help). */
const signature = (seed: number) =>
  svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' width='400' height='120'><path d='M20 90 C ${40 + (seed % 30)} 20, 80 ${
      20 + (seed % 40)
    }, 100 80 S 150 110, 180 50 S 240 20, 260 80 S 330 100, 380 ${30 + (seed % 50)}' stroke='#1f2937' stroke-width='3' fill='none'/></svg>`,
  );
const diagram = (seed: number) =>
  svgDataUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' width='800' height='300'><rect x='20' y='20' width='760' height='260' fill='none' stroke='#334155' stroke-width='3'/>` +
      `<rect x='${60 + (seed % 200)}' y='60' width='220' height='80' fill='#e2e8f0' stroke='#334155'/>` +
      `<text x='80' y='105' font-family='sans-serif' font-size='18'>Area ${seed}</text>` +
      `<path d='M300 200 L500 ${180 + (seed % 60)}' stroke='#dc2626' stroke-width='4'/></svg>`,
  );
const RICH =
  '<h2>Method statement</h2><p>Work starts <strong>only</strong> after the permit is <em>signed</em>.</p>' +
  '<ul><li>Isolate the supply.</li><li>Test for dead.</li><li>Lock out and tag.</li></ul>' +
  '<ol><li>Remove the old unit.</li><li>Fit the new unit.</li></ol><p>Report defects to the supervisor.</p>';
const LONG =
  'Rain water came in under the roller door of bay 2 and pooled by the racking. The area was not signposted, ' +
  'and the spill kit was empty. Two people slipped before the area was closed off and cleaned. ';

/** The raw values of the 200 fields, as a submission holds them before resolving. */
interface RawField {
  type: string;
  label: string;
  value: unknown;
}

function rawFields(): RawField[] {
  const types = [
    'text',
    'number',
    'date',
    'time',
    'radio',
    'select',
    'textarea',
    'checkbox',
    'items',
    'typeGroupings',
    'employee',
    'asset',
    'risk',
    'supplier',
    'submission',
    'weblink',
    'contentEditor',
    'table',
    'signature',
    'diagram',
    'file',
    'section',
    'task',
  ];
  return Array.from({ length: FIELDS }, (_, index) => {
    const type = types[index % types.length]!;
    const label = `${type[0]!.toUpperCase()}${type.slice(1)} field ${index + 1}`;
    const value =
      type === 'signature'
        ? signature(index)
        : type === 'diagram'
          ? diagram(index)
          : type === 'contentEditor'
            ? RICH
            : type === 'textarea'
              ? LONG.repeat(1 + (index % 3))
              : type === 'table'
                ? Array.from({ length: 6 }, (_row, row) => [
                    `Witness ${row + 1}`,
                    `0400 ${row}11 222`,
                    '19/11/2026',
                    'Yes',
                  ])
                : null;
    return { type, label, value };
  });
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1333, channels: 3, background: '#9fb8d6' } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The model-building step of loadPdfModel without the database: values resolved, images converted. */
async function buildModel(fields: RawField[], photoBytes: Buffer): Promise<PdfModel> {
  const actions: PdfAction[] = Array.from({ length: 3 }, (_, index) => ({
    taskNumber: index + 1,
    instruction: 'Install anti-slip matting at loading bay 2 and brief the team.',
    assignee: 'Ethan Clarke',
    actionType: index === 2 ? 'external' : 'internal',
    due: '29/11/2026',
    status: index === 0 ? 'Completed 21/11/2026' : 'Completed 22/11/2026',
    response: 'Done, see the attached photo.',
  }));
  const resolved: PdfField[] = await Promise.all(
    fields.map(async (field): Promise<PdfField> => {
      switch (field.type) {
        case 'section':
          return { kind: 'heading', label: field.label };
        case 'contentEditor':
          return { kind: 'richText', label: field.label, blocks: parseRichText(field.value as string) };
        case 'signature':
          return { kind: 'image', label: field.label, image: await dataUrlImage(field.value), maxHeight: 80 };
        case 'diagram':
          return {
            kind: 'image',
            label: field.label,
            image: await dataUrlImage(field.value),
            maxHeight: 230,
          };
        case 'table':
          return {
            kind: 'table',
            label: field.label,
            columns: ['Witness Name', 'Contact Number', 'Statement Date', 'Signed'],
            rows: field.value as string[][],
          };
        case 'file':
          return {
            kind: 'files',
            label: field.label,
            files: [{ name: 'loading-bay-2.jpg', image: await toPdfImage(photoBytes) }],
          };
        case 'task':
          return { kind: 'actions', label: 'Action List', actions };
        case 'textarea':
          return { kind: 'value', label: field.label, text: field.value as string };
        default:
          return { kind: 'value', label: field.label, text: `Value of ${field.label}` };
      }
    }),
  );
  const perSection = Math.ceil(resolved.length / SECTIONS);
  return {
    organisation: { name: 'Northwind Facilities', logo: null },
    templateName: 'Large Inspection Form',
    formNumber: 'FS 9001',
    description: 'A 200-field submission for the PDF benchmark',
    date: '22/11/2026',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinator: 'Ethan Clarke',
    recordedBy: 'Mia Torres',
    status: 'Closed',
    closedOn: '22/11/2026',
    generatedOn: '22/11/2026',
    sections: Array.from({ length: SECTIONS }, (_, index) => ({
      label: `Section ${index + 1}`,
      fields: resolved.slice(index * perSection, (index + 1) * perSection),
    })),
    otherActions: [],
    attachments: [],
  };
}

async function main(): Promise<void> {
  const fields = rawFields();
  const photoBytes = await photo();
  const build: number[] = [];
  const render: number[] = [];
  const total: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    const model = await buildModel(fields, photoBytes);
    const built = performance.now();
    last = await renderPdfIsolated(model);
    const done = performance.now();
    if (run >= WARMUP) {
      build.push(built - started);
      render.push(done - built);
      total.push(done - started);
    }
  }
  const pages = (last.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      mean: values.reduce((sum, value) => sum + value, 0) / values.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1)!,
    };
  };
  const result = {
    date: new Date().toISOString(),
    fields: FIELDS,
    sections: SECTIONS,
    runs: RUNS,
    warmup: WARMUP,
    pages,
    bytes: last.length,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    },
    buildMs: stats(build),
    renderMs: stats(render),
    totalMs: stats(total),
    targetMs: 1000,
  };
  const row = (name: string, value: ReturnType<typeof stats>) =>
    `| ${name} | ${ms(value.mean)} | ${ms(value.p50)} | ${ms(value.p95)} | ${ms(value.max)} |`;
  const report = [
    `# PDF benchmark, ${dayStamp()}`,
    '',
    `A ${FIELDS}-field submission in ${SECTIONS} sections (every field type; distinct SVG signatures and diagrams,`,
    `a 2000x1333 photo (the largest an upload keeps) per file field, 6-row tables, action lists): ${pages} pages, ${(last.length / 1024).toFixed(0)} KiB.`,
    `${RUNS} timed runs after ${WARMUP} warm-up runs, one at a time. Command: \`npm run bench:pdf\`.`,
    '',
    `Machine: ${result.machine.cpus} CPUs (${result.machine.cpu}), ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load average ${result.machine.loadAverage}.`,
    '',
    '| step (ms) | mean | p50 | p95 | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    row('model (values resolved, images via sharp)', result.buildMs),
    row('render (pdfkit)', result.renderMs),
    row('total', result.totalMs),
    '',
    `Target: total under 1000 ms — ${result.totalMs.p95 < 1000 ? 'met' : 'NOT met'} at p95.`,
    '',
  ].join('\n');
  const dir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `pdf-${dayStamp()}${args.label ? `-${args.label}` : ''}`);
  fs.writeFileSync(`${base}.md`, report);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  const sample = path.join(os.tmpdir(), `compass-bench-${path.basename(base)}.pdf`);
  fs.writeFileSync(sample, last);
  console.log(report);
  console.log(`The last PDF: ${sample}`);
}

await main();
await closeRenderPools();
