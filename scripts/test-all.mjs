// `npm test`: every check of the project, in the order that fails fastest.
// Type-check, lint, format and the build two at a time, then the vitest projects (shared, tools, server,
// web) beside the e2e project and the other Node lines (docs/architecture.md, "Tests").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Every step that failed, with the last lines it printed (unless it streamed), to repeat at the very end. */
const failedTails = [];
const TAIL_LINES = 80;

/** One lane of `together`: its steps one after another, stopping at the first that fails. */
async function lane(steps, stream) {
  const output = [];
  for (const { title, command, args, env = {} } of steps) {
    if (stream) console.log(`\n=== ${title}`);
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (!stream)
      for (const pipe of [child.stdout, child.stderr]) pipe.on('data', (chunk) => output.push(chunk));
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const text = stream ? '' : Buffer.concat(output.splice(0)).toString();
    if (!stream) console.log(`\n=== ${title}\n${text}`);
    if (status !== 0) {
      console.error(`\n✖ ${title} failed`);
      failedTails.push({
        title,
        tail: stream ? '(printed above, as it ran)' : text.split('\n').slice(-TAIL_LINES).join('\n'),
      });
      return status;
    }
    console.log(`✔ ${title} (${seconds} s)`);
  }
  return 0;
}

/**
 * Lanes at once, one process each, for the two cores: the first lane prints as it goes, every other
 * lane's output is printed whole when each of its steps ends, so no two steps' lines mix. Every lane
 * runs to its end (a vitest stopped midway would leave its PostgreSQL running); then a failure exits.
 */
async function together(title, lanes) {
  console.log(
    `\n=== At once: ${lanes.map((steps) => steps.map((step) => step.title).join(', then ')).join(' | ')}`,
  );
  const started = Date.now();
  const statuses = await Promise.all(lanes.map((steps, index) => lane(steps, index === 0)));
  const failed = statuses.find((status) => status !== 0);
  // The streaming lane may print for minutes after another lane failed: CI logs are often read from the
  // end, so the failure is said again last.
  for (const { title: step, tail } of failedTails)
    console.error(`\n=== The end of what "${step}" printed, which failed\n${tail}\n✖ ${step} failed`);
  if (failed !== undefined) process.exit(failed);
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// Debian packages the tests drive: chromium for the browser tests, poppler-utils (pdftotext, pdftoppm) to read
// the close-off PDFs back, docker-compose (v1, no engine needed) to check docker-compose.yml.
function ensureSystemTools() {
  const missing = [];
  if (!fs.existsSync(chromium)) missing.push('chromium');
  if (
    spawnSync('sh', ['-c', 'command -v pdftotext && command -v pdftoppm'], { stdio: 'ignore' }).status !== 0
  ) {
    missing.push('poppler-utils');
  }
  if (spawnSync('sh', ['-c', 'command -v docker-compose'], { stdio: 'ignore' }).status !== 0) {
    missing.push('docker-compose');
  }
  // The cluster test (scripts/cluster.test.ts): the balancer and the shared store of the rate limits.
  for (const [command, pkg] of [
    ['haproxy', 'haproxy'],
    ['redis-server', 'redis-server'],
  ]) {
    if (spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status !== 0) missing.push(pkg);
  }
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `The tests need the Debian packages ${missing.join(', ')} (Chromium expected at ${chromium}).\n` +
        `Install them (Debian/Ubuntu: \`sudo apt-get install -y ${missing.join(' ')}\`) or set CHROMIUM_PATH, then run \`npm test\` again.`,
    );
    process.exit(1);
  }
  run(`Install ${missing.join(', ')} for the tests`, 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`,
  ]);
}

ensureSystemTools();
// Type-check (4 tsc runs), lint and format each use one core: the type-check (~77 s) beside the rest
// (~75 s) takes about half the time of all four in a row.
await together('Checks and build', [
  [{ title: 'Type-check', command: 'npm', args: ['run', 'typecheck'] }],
  [
    { title: 'Lint', command: 'npm', args: ['run', 'lint'] },
    { title: 'Format', command: 'npm', args: ['run', 'format:check'] },
    { title: 'Build the web client and the server bundle', command: 'npm', args: ['run', 'build'] },
  ],
]);

// The other Node lines of package.json "engines" the registry provides as npm packages: Node 22, and
// the Node 24 the Docker image runs (its FROM tag): the shared rules, and the image's start command
// (scripts/productionImage.test.ts: the bundled server, the organisation CLI, a sign-in through argon2, the
// render process through sharp). A Node that cannot be downloaded fails the step.
const imageNode = /^FROM node:(\d+\.\d+\.\d+)-/m.exec(
  fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'),
)?.[1];
if (!imageNode) throw new Error('The Dockerfile names no exact node:<version> image.');
// The two tests that build server/dist (npm run build:server) and run it go in one lane, one after the
// other: two at once would rewrite the bundle under the other's processes.
const clusterTest = 'scripts/cluster.test.ts';
const imageTest = 'scripts/productionImage.test.ts';
const nodeLines = ['22', imageNode].map((line) => ({
  title: `Tests on Node ${line}: shared, the production image's start`,
  command: 'npx',
  args: [
    '-y',
    '-p',
    `node@${line}`,
    '--',
    'node',
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...['--project', 'shared', '--project', 'tools', 'shared/src/', imageTest],
  ],
}));

// Vitest runs a project whose files go one at a time (e2e: one server, one demo database) only after
// every other project, on one worker, while the second core idles. Its own process instead runs it
// beside the other projects (each server file has its own database; the e2e server has its own
// cluster), and the server bundle's tests after it, so both lanes end at about the same time. The
// image's test runs on the Node lines only (Node 24 is the image's).
await together('Tests', [
  [
    {
      title: 'Tests: shared, tools, server (API), web',
      command: 'npx',
      args: [
        'vitest',
        'run',
        ...['--project', 'shared', '--project', 'tools', '--project', 'server', '--project', 'web'],
        ...['--exclude', clusterTest, '--exclude', imageTest],
      ],
    },
  ],
  [
    {
      title: 'Tests: e2e (browser)',
      command: 'npx',
      args: ['vitest', 'run', '--project', 'e2e'],
      env: { CHROMIUM_PATH: chromium },
    },
    {
      title: 'Tests: the cluster (API processes from server/dist behind haproxy)',
      command: 'npx',
      args: ['vitest', 'run', '--project', 'tools', clusterTest],
    },
    ...nodeLines,
  ],
]);
