import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER = '(^|/)server/';
const WEB = '(^|/)web/';
const SEED = '(^|/)seed/';
const MODULES = '(^|/)modules/';
const FEATURES = '(^|/)features/';

/** Files that may not import paths matching any of `forbidden` (regular expressions). */
function layer(files, forbidden, message, more = []) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...forbidden.map((regex) => ({ regex, message })), ...more] },
      ],
    },
  };
}

// Outside the API client, a call is made from its shared definition (sendCall, callApi), never by path.
const CALLS_BY_DEFINITION = {
  regex: '(^|/)api/client$',
  importNames: ['apiSend'],
  message: 'Make the call through its shared definition: sendCall / callApi (shared/src/contracts).',
};

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'server/src/generated', '.data', '.tsbuild', 'e2e/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Command-line tools talk to their user on the console.
    files: [
      'scripts/**',
      'seed/**',
      'bench/**',
      'e2e/**',
      'server/src/db/toolDatabase.ts',
      'server/src/modules/*/cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  // The layers (docs/architecture.md, "Layers"): each block names what its files may not import.
  // A later block for the same files replaces the rule, so every block lists all of its limits.
  layer(
    ['shared/src/**'],
    [SERVER, WEB, SEED],
    'shared/ is the contract both sides build on: it imports neither.',
  ),
  layer(['server/src/**'], [WEB, SEED], 'The server imports shared/, never the web client or the demo seed.'),
  layer(
    ['server/src/plugins/**', 'server/src/db/**', 'server/src/*.ts'],
    [WEB, SEED, MODULES],
    'Plugins and the database layer are below the modules: a module may use them, not the other way round.',
  ),
  layer(['web/src/**'], [SERVER, SEED], 'The web client talks to the server through shared contracts only.', [
    CALLS_BY_DEFINITION,
  ]),
  layer(
    ['web/src/components/**', 'web/src/fields/**', 'web/src/lib/**'],
    [SERVER, SEED, FEATURES],
    'Components, fields and lib are shared by every feature: they import no feature.',
    [CALLS_BY_DEFINITION],
  ),
  layer(
    ['web/src/api/**'],
    [SERVER, SEED, FEATURES],
    'The API client is shared by every feature: it imports none.',
  ),
  // app.ts assembles the modules.
  { files: ['server/src/app.ts'], rules: { 'no-restricted-imports': 'off' } },
);
