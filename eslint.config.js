import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

/**
 * The rooms of src/core, lowest first (docs/ARCHITECTURE.md draws them): a room may import the
 * rooms before it and never one after it. `src/core/*.ts` (types, errors and the small helpers)
 * and `ports/` are the floor.
 */
const CORE_ROOMS = [
  { room: 'ports', files: ['src/core/*.ts', 'src/core/ports/**'] },
  { room: 'retrieval' },
  { room: 'llm' },
  { room: 'ingest' },
  { room: 'answer' },
  { room: 'agents' },
  { room: 'pipeline' },
  { room: 'conversation' },
  { room: 'eval' },
];

/** What no file of src/core may import: anything outside it that runs only in a browser or a UI. */
const OUTSIDE_CORE = [
  '**/app/**',
  '**/adapters/**',
  '**/ui/**',
  '**/workers/**',
  'svelte',
  'svelte/*',
];

const coreLayers = CORE_ROOMS.map(({ room, files }, index) => {
  const above = CORE_ROOMS.slice(index + 1).map((upper) => upper.room);
  const upward = {
    group: above.map((upper) => `**/${upper}/**`),
    message: `An upward import: core/${room} sits below ${above.join(', ')} (docs/ARCHITECTURE.md).`,
  };
  return {
    files: files ?? [`src/core/${room}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: OUTSIDE_CORE, message: 'src/core imports nothing outside src/core.' },
            ...(above.length > 0 ? [upward] : []),
          ],
        },
      ],
    },
  };
});

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
  ...coreLayers,
);
