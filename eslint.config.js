import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** The feature folders of the web (decision 0035): each imports no other feature folder. */
const WEB_FEATURES = ['bills', 'chat', 'duties', 'reports', 'staff'];
/** The role areas: each composes features into one role's screens, and imports no other area. */
const WEB_AREAS = ['admin', 'manager', 'supervisor'];

const BOUNDARIES = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared is read by both sides: it imports neither.' },
  { target: './src/server', from: './src/web', message: 'The server does not import the web.' },
  ...WEB_FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to src/web (components, i18n, …) or src/shared.',
  })),
  ...WEB_AREAS.map((area) => ({
    target: `./src/web/features/${area}`,
    from: WEB_AREAS.filter((other) => other !== area).map((other) => `./src/web/features/${other}`),
    message: 'A role area imports no other role area.',
  })),
];
const WEB_NOT_SERVER = { target: './src/web', from: './src/server', message: 'The web does not import the server: what both need lives in src/shared.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // import-x for every file: imports are written './x.js' for './x.ts' and resolved to it
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    // no import circles (issue 25); type-only ones, which the rule cannot see, are held by test/import-cycles.test.ts
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layers and feature boundaries (decision 0035); type-only imports count too.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }] },
  },
  {
    // the web's own code; its component tests start the real server for their data (decision 0025)
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...BOUNDARIES, WEB_NOT_SERVER] }] },
  },
);
