// `npm test`: every check of the project, in the order that fails fastest.
// Type-check, lint, format, web build, then all vitest projects (shared, server, web, e2e).
import { spawnSync } from 'node:child_process';
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
run('Type-check', 'npm', ['run', 'typecheck']);
run('Lint', 'npm', ['run', 'lint']);
run('Format', 'npm', ['run', 'format:check']);
run('Build the web client and the server bundle', 'npm', ['run', 'build']);
run('Tests: shared, server (API), web, e2e (browser)', 'npx', ['vitest', 'run'], { CHROMIUM_PATH: chromium });

// The other Node lines of package.json "engines" the registry provides as npm packages: Node 22, and
// the Node 24 the Docker image runs (its FROM tag): the shared rules, and the image's start command
// (scripts/productionImage.test.ts: the bundled server, the organisation CLI, a sign-in through argon2, the
// render process through sharp). A Node that cannot be downloaded fails the step.
const imageNode = /^FROM node:(\d+\.\d+\.\d+)-/m.exec(
  fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'),
)?.[1];
if (!imageNode) throw new Error('The Dockerfile names no exact node:<version> image.');
for (const line of ['22', imageNode]) {
  run(`Tests on Node ${line}: shared, the production image's start`, 'npx', [
    '-y',
    '-p',
    `node@${line}`,
    '--',
    'node',
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...['--project', 'shared', '--project', 'tools', 'shared/src/', 'scripts/productionImage.test.ts'],
  ]);
}
