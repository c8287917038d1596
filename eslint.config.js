import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

// Which room may import which: docs/ARCHITECTURE.md draws every arrow enforced here.

const SVELTE = ['svelte', 'svelte/*'];

const restrict = (files, group, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] },
});

/** What no file of src/core may import: anything outside it. */
const OUTSIDE_CORE = [
  '**/app/**',
  '**/catalogues/**',
  '**/adapters/**',
  '**/ui/**',
  '**/workers/**',
  ...SVELTE,
];
const OUTSIDE_CORE_MESSAGE = 'src/core imports nothing outside src/core.';

/**
 * The rooms of src/core, lowest first: a room may import the rooms before it and never one after
 * it. `src/core/*.ts` (types, errors and the small helpers) and `ports/` are the floor.
 */
const CORE_ROOMS = [
  { room: 'ports', files: ['src/core/*.ts', 'src/core/ports/**'] },
  { room: 'markdown' },
  { room: 'retrieval' },
  { room: 'llm' },
  { room: 'ingest' },
  { room: 'answer' },
  { room: 'agents' },
  { room: 'pipeline' },
  { room: 'conversation' },
  { room: 'eval' },
];

const coreRooms = CORE_ROOMS.map(({ room, files }, index) => {
  const above = CORE_ROOMS.slice(index + 1).map((upper) => upper.room);
  const upward = {
    group: above.map((upper) => `**/${upper}/**`),
    message: `An upward import: core/${room} sits below ${above.join(', ')}.`,
  };
  return {
    files: files ?? [`src/core/${room}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: OUTSIDE_CORE, message: OUTSIDE_CORE_MESSAGE },
            ...(above.length > 0 ? [upward] : []),
          ],
        },
      ],
    },
  };
});

/**
 * The UI imports values from src/core and src/catalogues, and only types from the app (through
 * the worker entry). The adapters it imports: the pdf.js loader, in its PDF viewer (the page
 * draws a PDF's pages with the same bundled pdf.js the worker's parser reads it with), and the
 * Prompt API engine with its comlink host, in `clients/built-in-model.ts` (Window only).
 */
const uiRoom = [
  { files: ['src/ui/**'], adapters: { group: ['**/adapters/**'] } },
  {
    files: ['src/ui/clients/pdf-document.ts'],
    adapters: { regex: '/adapters/(?!parsers/pdfjs-browser\\.ts$)' },
  },
  {
    // The Prompt API exists on Window only: the page holds the built-in model for the worker.
    files: ['src/ui/clients/built-in-model.ts'],
    adapters: { regex: '/adapters/(?!engines/(prompt-api/|remote/chat-engine-host\\.ts$))' },
  },
].map(({ files, adapters }) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            ...adapters,
            message: 'src/ui imports no adapter: what it shows comes from the worker.',
          },
          {
            group: ['**/app/**', '**/workers/**'],
            allowTypeImports: true,
            message: 'src/ui imports only types from the app and the worker entries.',
          },
        ],
      },
    ],
  },
}));

/** workers (the entries) -> app -> adapters -> catalogues -> core. */
const outerRooms = [
  restrict(['workers/**'], ['**/ui/**'], 'A worker entry serves the app; it imports no UI.'),
  restrict(
    ['src/app/**'],
    ['**/ui/**', '**/workers/**', ...SVELTE],
    'src/app imports core, catalogues and adapters; never the UI or a worker entry.',
  ),
  restrict(
    ['src/adapters/**'],
    ['**/app/**', '**/ui/**', '**/workers/**', ...SVELTE],
    'An adapter implements a port; it imports src/core and src/catalogues only.',
  ),
  restrict(
    ['src/catalogues/**'],
    ['**/app/**', '**/adapters/**', '**/ui/**', '**/workers/**', ...SVELTE],
    'A catalogue is plain data and checks over it; it imports src/core only.',
  ),
  ...uiRoom,
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'public/', '.cache/', 'test-results/', 'tests/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  // A room of src/core not yet ranked in CORE_ROOMS still imports nothing outside src/core.
  restrict(['src/core/**'], OUTSIDE_CORE, OUTSIDE_CORE_MESSAGE),
  ...coreRooms,
  ...outerRooms,
);
