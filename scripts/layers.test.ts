import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';
import { groupedGraph, importGraph, importLoops } from './importGraph';
import { oversizeIn, productSourceFiles } from './sourceSize';

const ROOT = path.resolve(import.meta.dirname, '..');
// Linting the first case loads the whole configuration, and the size check parses every source
// file: both take seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// The layer rules of eslint.config.js, proven on imports written into files that do not exist:
// ESLint applies the configuration by path, so each case lints as if it sat in that folder.
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers kept by the linter', () => {
  it.each([
    [
      'server/src/plugins/fixture.ts',
      "import { LinkError } from '../modules/links/service';\nvoid LinkError;\n",
    ],
    [
      'server/src/db/fixture.ts',
      "import type { Thing } from '../modules/x/service';\nexport type T = Thing;\n",
    ],
    [
      'server/src/modules/x/fixture.ts',
      "import { seedDemo } from '../../../../seed/demo';\nvoid seedDemo;\n",
    ],
    [
      'server/src/modules/x/fixture.ts',
      "import { router } from '../../../../web/src/router';\nvoid router;\n",
    ],
    [
      'web/src/components/Fixture.tsx',
      "import { MyTasks } from '../features/dashboard/MyTasks';\nvoid MyTasks;\n",
    ],
    ['web/src/fields/Fixture.tsx', "import { api } from '../features/submissions/api';\nvoid api;\n"],
    [
      'web/src/features/x/Fixture.tsx',
      "import { buildApp } from '../../../../server/src/app';\nvoid buildApp;\n",
    ],
    ['shared/src/rules/fixture.ts', "import { buildApp } from '../../../server/src/app';\nvoid buildApp;\n"],
    [
      'web/src/features/x/api.ts',
      "import { apiSend } from '../../api/client';\nvoid apiSend('GET', '/x');\n",
    ],
    ['web/src/fields/fixture.ts', "import { apiSend } from '../api/client';\nvoid apiSend('GET', '/x');\n"],
  ])('refuses a layer breach in %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['server/src/modules/x/fixture.ts', "import { MailQueue } from '../../plugins/mail';\nvoid MailQueue;\n"],
    ['server/src/app.ts', "import { linkRoutes } from './modules/links/routes';\nvoid linkRoutes;\n"],
    ['web/src/features/x/Fixture.tsx', "import { Button } from '../../components/Button';\nvoid Button;\n"],
    ['web/src/fields/Fixture.tsx', "import { DueMarker } from '../components/DueMarker';\nvoid DueMarker;\n"],
    ['web/src/features/x/api.ts', "import { callApi } from '../../api/client';\nvoid callApi;\n"],
  ])('allows the import downwards in %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe('areas kept by the linter', () => {
  it.each([
    // Into another area's private file.
    [
      'server/src/modules/tasks/fixture.ts',
      "import { SubmissionService } from '../submissions/service';\nvoid SubmissionService;\n",
    ],
    [
      'web/src/features/risks/Fixture.tsx',
      "import { ReviewPage } from '../reviews/ReviewPage';\nvoid ReviewPage;\n",
    ],
    // Against the area order: platform before work, work before registers, registers before overview.
    [
      'server/src/modules/links/fixture.ts',
      "import { ExternalTask } from '../assignedActions';\nvoid ExternalTask;\n",
    ],
    [
      'server/src/modules/submissions/fixture.ts',
      "import { RiskService } from '../risks';\nvoid RiskService;\n",
    ],
    [
      'web/src/features/risks/Fixture.tsx',
      "import { DashboardPage } from '../dashboard';\nvoid DashboardPage;\n",
    ],
    [
      'web/src/features/auth/sub/Fixture.tsx',
      "import { SubmissionEditor } from '../../submissions';\nvoid SubmissionEditor;\n",
    ],
  ])("refuses %s reaching past an area's public face or the order", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    [
      'server/src/modules/risks/fixture.ts',
      "import { RegisterParts } from '../registerParts';\nvoid RegisterParts;\n",
    ],
    [
      'server/src/modules/dashboard/fixture.ts',
      "import { assignmentsOfCaller } from '../submissions';\nvoid assignmentsOfCaller;\n",
    ],
    ['server/src/modules/tasks/fixture.ts', "import { TaskService } from './service';\nvoid TaskService;\n"],
    ['web/src/features/risks/Fixture.tsx', "import { ReviewPage } from '../reviews';\nvoid ReviewPage;\n"],
  ])('allows %s to import an earlier area through its public face', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe('the structure of the source', () => {
  const roots = ['server/src', 'web/src', 'shared/src'].map((root) => path.join(ROOT, root));
  const relative = (file: string) => path.relative(ROOT, file);

  it('has no import loop between files', () => {
    const loops = importLoops(importGraph(roots)).map((loop) => loop.map(relative).join(' ↔ '));
    expect(loops).toEqual([]);
  });

  it('has no import loop between areas or folders', () => {
    // An area is a server module or web feature; elsewhere a folder, each top-level file on its own.
    const group = (file: string) => {
      const rel = relative(file);
      const area = /^(.*?\/(?:modules|features)\/[^/]+)\//.exec(rel);
      if (area) return area[1]!;
      const folder = path.dirname(rel);
      return ['server/src', 'web/src', 'shared/src'].includes(folder) ? rel : folder;
    };
    expect(importLoops(groupedGraph(importGraph(roots), group))).toEqual([]);
  });

  it('keeps every source file to 500 lines and every function to 150', () => {
    const files = productSourceFiles([...roots, path.join(ROOT, 'seed')]);
    const found = files.flatMap((file) =>
      oversizeIn(file, fs.readFileSync(file, 'utf8')).map(
        ({ name, lines }) => `${relative(file)}${name ? ` ${name}()` : ''}: ${lines} lines`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a loop and an oversize function when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(importLoops(graph)).toEqual([['a', 'b', 'c']]);
    const longFunction = `export function long() {\n${'  void 0;\n'.repeat(150)}}\n`;
    expect(oversizeIn('x.ts', longFunction)).toEqual([{ file: 'x.ts', name: 'long', lines: 152 }]);
  });
});
