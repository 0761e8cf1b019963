import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, proven on imports written into files that do not exist:
// ESLint applies the configuration by path, so each case lints as if it sat in that folder.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

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
