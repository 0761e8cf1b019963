// `npm start`: builds the web client when its sources changed, then starts the server
// (embedded PostgreSQL unless DATABASE_URL is set, migrations, first-start seed, listen).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, 'web', 'dist', 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();

function newestIn(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web/src', 'web/index.html', 'shared/src'].map((p) => path.join(root, p));
const stale = sources.some(
  (p) => (fs.statSync(p).isDirectory() ? newestIn(p) : fs.statSync(p).mtimeMs) > builtAt,
);
// WEB_DIST_DIR='' serves the API only: there is no client to build.
if (stale && process.env.WEB_DIST_DIR !== '') {
  console.log('Building the web client…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in a process group of its own, so a Ctrl-C in the terminal reaches this script
// only and the server hears one signal, from here: it then closes the app, the database
// connections and the embedded PostgreSQL in that order (server/src/server.ts). Without its own group
// the server and PostgreSQL would each get the Ctrl-C at once, PostgreSQL stopping under the app.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'seed', 'serve.ts')], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1));
});
