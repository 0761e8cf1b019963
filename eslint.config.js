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

/**
 * The feature areas, in their written order (docs/architecture.md, "Areas"): an area imports areas
 * of its own tier or of tiers before it, never one after it, and only through their public face (the
 * area's index.ts). The same names serve server/src/modules, web/src/features and shared contracts.
 */
export const AREA_TIERS = [
  [
    'platform',
    [
      'auth',
      'password',
      'account',
      'sso',
      'mail',
      'configuration',
      'health',
      'changeLog',
      'notifications',
      'administration',
      'attachments',
      'links',
      'employees',
      'apiTokens',
      'maintenanceSchedule',
      'organisationFile',
      'webhooks',
    ],
  ],
  [
    'work',
    [
      'submissions',
      'closeOff',
      'qrSubmissions',
      'assignedActions',
      'clockIn',
      'qrCodes',
      'noticeboard',
      'templates',
    ],
  ],
  [
    'registers',
    [
      'reviews',
      'registerParts',
      'risks',
      'hazardous',
      'documents',
      'obligations',
      'audits',
      'externalParties',
      'suppliers',
      'supplierAccess',
      'tasks',
      'competencies',
      'hrForms',
      'performanceReviews',
      'onlineTraining',
      'assetMaintenance',
      'assets',
      'timesheets',
      'visitors',
    ],
  ],
  ['overview', ['dashboard', 'actionRegister', 'reports']],
];

const ALL_AREAS = AREA_TIERS.flatMap(([, areas]) => areas);
const anyOf = (names) => `(${names.join('|')})`;

/**
 * The area blocks of one side (`root`: 'server/src/modules' or 'web/src/features'): each area's
 * files keep `base` (the side's layer limits) and may not reach into another area's private files
 * nor import an area of a later tier.
 */
function areaBlocks(root, base, message, more = []) {
  return AREA_TIERS.flatMap(([tier, areas], index) => {
    const later = AREA_TIERS.slice(index + 1).flatMap(([, names]) => names);
    return areas.map((area) => {
      const others = ALL_AREAS.filter((name) => name !== area);
      const patterns = [
        ...base.map((regex) => ({ regex, message })),
        {
          regex: `^(\\.\\./)+${anyOf(others)}/.+`,
          message: 'Import another area through its public face (its index.ts), never its private files.',
        },
        ...more,
      ];
      if (later.length > 0)
        patterns.push({
          regex: `^(\\.\\./)+${anyOf(later)}(/|$)`,
          message: `The area order (docs/architecture.md): ${tier} comes before the areas of later tiers and imports none of them.`,
        });
      return {
        files: [`${root}/${area}/**`],
        // A test may reach into what it tests; the layer blocks still hold for it.
        ignores: ['**/*.test.*'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      };
    });
  });
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
      'server/src/organisationFileCli.ts',
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
  ...areaBlocks(
    'server/src/modules',
    [WEB, SEED],
    'The server imports shared/, never the web client or the demo seed.',
  ),
  ...areaBlocks(
    'web/src/features',
    [SERVER, SEED],
    'The web client talks to the server through shared contracts only.',
    [CALLS_BY_DEFINITION],
  ),
  // app.ts assembles the modules, in the order of areas.ts; the organisation file's command the
  // hooks its import needs without the API.
  {
    files: ['server/src/app.ts', 'server/src/areas.ts', 'server/src/organisationFileCli.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
