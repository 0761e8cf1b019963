import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ensureDatabase, startThrowawayPostgres } from '../server/src/db/embedded';
import { projectRoot } from '../server/src/db/migrate';
import { freePort } from '../server/test/smtp';

// Nothing here runs a Docker engine (issue 47): the Dockerfile and docker-compose.yml are checked as
// text and through `docker-compose config`, and the image's start command runs on this machine in
// a folder laid out as the runtime stage lays out /app, with the production dependencies only.

const run = promisify(execFile);
const EXAMPLE = path.join(projectRoot, 'docs', 'examples', 'harbour-logistics.yaml');
const SECRETS = { COOKIE_SECRET: 'c'.repeat(48), SECRETS_KEY: '5'.repeat(64) };

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions by stage (continuation lines joined, comments dropped). */
function dockerStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  for (const line of text.replaceAll(/\\\n/g, ' ').split('\n')) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const instruction = { keyword: match[1]!, args: match[2]!.trim() };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const dockerfile = dockerStages(fs.readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8'));
const runtime = dockerfile.at(-1)!;
const argsOf = (stage: Instruction[], keyword: string) =>
  stage.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
const stageNamed = (name: string) => dockerfile.find((stage) => stage[0]!.args.endsWith(` AS ${name}`)) ?? [];

describe('Dockerfile', () => {
  it('builds in stages from exactly pinned images and runs the bundle as a non-root user', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile) {
      // An exact version tag (no `latest`, no bare major), with or without a digest.
      expect(stage[0]!.args).toMatch(/^node:\d+\.\d+\.\d+-[a-z-]+(@sha256:[0-9a-f]{64})? AS \w+$/);
    }
    expect(runtime[0]!.args).toMatch(/-slim(@sha256:[0-9a-f]{64})? AS /);
    expect(argsOf(runtime, 'USER')).toEqual(['node']);
    expect(argsOf(runtime, 'VOLUME')).toEqual(['/app/.data']);
    expect(JSON.parse(argsOf(runtime, 'CMD')[0]!)).toEqual(['node', 'server/dist/main.mjs']);
    expect(argsOf(runtime, 'ENV').join(' ')).toMatch(/SEED_ON_START=false/);
    expect(argsOf(runtime, 'HEALTHCHECK')[0]).toMatch(/\/api\/health\/ready/);
    // Only production dependencies reach the runtime stage: dev ones are installed in the build stage alone.
    expect(argsOf(stageNamed('deps'), 'RUN').join(' ')).toMatch(/npm ci --omit=dev/);
    expect(argsOf(runtime, 'RUN').join(' ')).not.toMatch(/npm (ci|install)/);
    expect(argsOf(runtime, 'COPY').filter((copy) => !copy.startsWith('--from='))).toEqual([]);
  });
});

const COMPOSE = path.join(projectRoot, 'docker-compose.yml');
// An empty env file instead of a .env beside docker-compose.yml that a developer may have.
const NO_ENV_FILE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compass-compose-')), '.env');
fs.writeFileSync(NO_ENV_FILE, '');
afterAll(() => fs.rmSync(path.dirname(NO_ENV_FILE), { recursive: true, force: true }));
const compose = (env: Record<string, string>) =>
  spawnSync('docker-compose', ['--env-file', NO_ENV_FILE, '-f', COMPOSE, 'config'], {
    encoding: 'utf8',
    // Only what is given here: a developer's own COOKIE_SECRET or SECRETS_KEY must not leak in.
    env: { PATH: process.env.PATH, ...env },
  });

describe('docker-compose.yml', () => {
  it('is valid, pins its images and refuses to start without the secrets', () => {
    const missing = compose({});
    expect(missing.error, 'docker-compose (Debian package docker-compose) is not installed').toBeUndefined();
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set COOKIE_SECRET');
    expect(compose({ COOKIE_SECRET: SECRETS.COOKIE_SECRET }).stderr).toContain('set SECRETS_KEY');

    const resolved = compose(SECRETS);
    expect(resolved.stderr).toBe('');
    expect(resolved.status).toBe(0);
    const config = parseYaml(resolved.stdout) as {
      services: Record<
        string,
        {
          image?: string;
          restart?: string;
          environment: Record<string, string>;
          volumes?: (string | { target: string })[];
        }
      >;
    };
    const { app, ...others } = config.services;
    for (const service of Object.values(others))
      expect(service.image).toMatch(/:v?\d+\.\d+(\.\d+)?(-[a-z]+)?$/);
    expect(app!.restart).toBe('unless-stopped');
    expect(app!.environment).toMatchObject({ ...SECRETS, SEED_ON_START: 'false' });
    // docker-compose v1 prints the short form (name:target:mode), v2 the long one.
    const targets = app!.volumes?.map((volume) =>
      typeof volume === 'string' ? volume.split(':')[1] : volume.target,
    );
    expect(targets).toContain('/app/.data');
    // Three runs of docker-compose, a Python program that takes a second or more to start.
  }, 30_000);
});

/** The lock's production packages installed at the top of the project or of a workspace (nested ones come with them). */
function productionPackages(): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean; optional?: boolean }>;
  };
  return (
    Object.entries(lock.packages)
      .filter(([key]) => /^([\w-]+\/)?node_modules\//.test(key))
      .filter(([key]) => !key.includes('/node_modules/', key.indexOf('node_modules/') + 1))
      .filter(([, entry]) => !entry.dev && !entry.link)
      // npm skips the optional packages of other platforms (the embedded PostgreSQL's binaries).
      .filter(([key, entry]) => !entry.optional || fs.existsSync(path.join(projectRoot, key)))
      .map(([key]) => key)
  );
}

/** Copies (hard links) `from` of the project to `to` in the image folder, as COPY does: into `to` when it ends with /. */
function copyInto(app: string, from: string[], to: string) {
  const into = to.endsWith('/');
  const target = path.join(app, to);
  fs.mkdirSync(into ? target : path.dirname(target), { recursive: true });
  const sources = from.map((source) => path.join(projectRoot, source));
  const args = into ? ['-al', '-t', target, ...sources] : ['-al', ...sources, target];
  const copied = spawnSync('cp', args, { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`cp ${from.join(' ')} → ${target}: ${copied.stderr}`);
}

/**
 * /app as the runtime stage builds it: each `COPY --from=deps` brings the manifests the deps stage
 * copied and its `npm ci --omit=dev` (the lock's production packages, linked from this checkout's
 * node_modules; no workspace links: @compass/shared must be in the bundle), each
 * `COPY --from=build /app/<path> <dest>` that path of the built checkout.
 */
function imageFolder(): string {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-image-'));
  for (const copy of argsOf(runtime, 'COPY')) {
    const [, stage, sources] = /^--from=(\w+)\s+(.+)$/.exec(copy)!;
    if (stage === 'deps') {
      for (const manifest of argsOf(stageNamed('deps'), 'COPY')) {
        const parts = manifest.split(/\s+/);
        copyInto(app, parts.slice(0, -1), parts.at(-1)!);
      }
      // One cp per folder (node_modules, node_modules/@scope, server/node_modules …), not per package.
      const byFolder = new Map<string, string[]>();
      for (const dependency of productionPackages()) {
        const folder = path.dirname(dependency);
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), dependency]);
      }
      for (const [folder, dependencies] of byFolder) copyInto(app, dependencies, `${folder}/`);
    } else {
      const [source, dest] = sources!.split(/\s+/);
      copyInto(app, [path.relative('/app', source!)], dest!);
    }
  }
  return app;
}

/** The files of the image folder but the volume's and the dependencies'. */
function filesOf(folder: string, relative = ''): string[] {
  return fs.readdirSync(path.join(folder, relative), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(relative, entry.name);
    if (entry.name === 'node_modules' || file === '.data') return [];
    return entry.isDirectory() ? filesOf(folder, file) : [file];
  });
}

describe('the image start command, without Docker', () => {
  let app: string;
  // A cluster of its own (the tools project has no test database): the image starts on an empty one.
  let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>> | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    // `npm test` builds the web client before the tests; a run of this file alone builds it here.
    if (!fs.existsSync(path.join(projectRoot, 'web', 'dist', 'index.html')))
      await run('npm', ['run', 'build', '-w', 'web'], { cwd: projectRoot });
    await run('npm', ['run', 'build:server'], { cwd: projectRoot });
    app = imageFolder();
    // Ports apart from the server tests' (20000–39999) and e2e's (40000–49999), which run beside it.
    postgres = await startThrowawayPostgres('compass-image-pg-', { from: 50000, count: 5000 });
    await ensureDatabase(postgres.adminUrl, 'compass');
    // ENV values may name a build ARG (`$COMPASS_VERSION`): filled from the ARG's default, as a build without it does.
    const pairsOf = (instruction: string) =>
      argsOf(runtime, instruction)
        .flatMap((args) => args.split(/\s+/))
        .map((pair) => pair.split('=') as [string, string]);
    const buildArgs = Object.fromEntries(pairsOf('ARG'));
    const imageEnv = Object.fromEntries(
      pairsOf('ENV').map(([name, value]) => [
        name,
        value.replace(/^\$(\w+)$/, (_, arg: string) => buildArgs[arg] ?? ''),
      ]),
    );
    // The image's environment and what docker-compose.yml gives; nothing of this shell but PATH.
    env = {
      PATH: process.env.PATH!,
      HOME: app,
      ...imageEnv,
      ...SECRETS,
      DATABASE_URL: postgres.urlFor('compass'),
    };
  }, 240_000);
  // The image folder holds some 30 000 links: removing them takes a while on a busy machine.
  afterAll(async () => {
    await postgres?.stop();
    if (app) fs.rmSync(app, { recursive: true, force: true });
  }, 60_000);

  it('bundles our sources only: no demo seed, every package left to node_modules', () => {
    for (const entry of ['main', 'org', 'backup', 'restore', 'renderWorker']) {
      const map = JSON.parse(
        fs.readFileSync(path.join(app, 'server', 'dist', `${entry}.mjs.map`), 'utf8'),
      ) as {
        sources: string[];
      };
      expect(map.sources.filter((source) => /(^|\/)(seed|node_modules)\//.test(source))).toEqual([]);
    }
  });

  it('migrates an empty database without seeding, serves readiness and the web client; the org CLI makes the first admin', async () => {
    const before = filesOf(app);
    const port = String(await freePort());
    const [command, ...args] = JSON.parse(argsOf(runtime, 'CMD')[0]!) as string[];
    const server = spawn(command!, args, {
      cwd: app,
      env: { ...env, PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [server.stdout, server.stderr])
      stream.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => output, { timeout: 90_000, interval: 200 })
        .toMatch(/is ready at|did not start/);
      expect(output).toContain('is ready at');

      // The image's own HEALTHCHECK command says healthy.
      const healthcheck = JSON.parse(
        argsOf(runtime, 'HEALTHCHECK')[0]!.replace(/^.*?CMD\s+/, ''),
      ) as string[];
      const probe = spawnSync(healthcheck[0]!, healthcheck.slice(1), { env: { ...env, PORT: port } });
      expect(probe.status).toBe(0);
      const index = await fetch(`http://127.0.0.1:${port}/`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<div id="root">');

      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        // SEED_ON_START=false and no seed code in the bundle: a fresh stack has no organisation.
        expect((await client.query('SELECT count(*)::int AS n FROM "Company"')).rows[0].n).toBe(0);
        const imported = await run('node', ['server/dist/org.mjs', 'import', EXAMPLE], { cwd: app, env });
        expect(imported.stdout).toContain('employees: 4 created');
        expect((await client.query('SELECT count(*)::int AS n FROM "Company"')).rows[0].n).toBe(1);
        // The backup CLI of the image, into the volume (docs/operations.md, "Docker").
        const backedUp = await run('node', ['server/dist/backup.mjs', '--out', '.data/backups/first'], {
          cwd: app,
          env,
        });
        expect(backedUp.stdout).toContain('Backup written to .data/backups/first');
      } finally {
        await client.end();
      }
      const signIn = await fetch(`http://127.0.0.1:${port}/api/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'harriet.admin', password: 'Harbour@2026', appType: 'web' }),
      });
      expect(signIn.status).toBe(200);
      expect(
        ((await signIn.json()) as { response_data: { authToken: string } }).response_data.authToken,
      ).toBeTruthy();
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped.');
    // The server and the CLI wrote nothing outside the volume.
    expect(filesOf(app)).toEqual(before);
  }, 180_000);

  it('runs the bundled close-off render worker with the production dependencies (sharp, pdfkit)', async () => {
    // What closeOff/renderPool.ts forks from the bundle: server/dist/renderWorker.mjs, without tsx.
    const script = `
      import workerpool from 'workerpool';
      const pool = workerpool.pool('server/dist/renderWorker.mjs', { workerType: 'process', forkOpts: { serialization: 'advanced' } });
      const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
      const png = await pool.exec('rasteriseSvg', [svg]);
      await pool.terminate();
      console.log(Buffer.from(png).subarray(1, 4).toString());`;
    const drawn = await run('node', ['--input-type=module', '-e', script], { cwd: app, env });
    expect(drawn.stdout.trim()).toBe('PNG');
  });
});
