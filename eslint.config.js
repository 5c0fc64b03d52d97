import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

// Syntax-only rules (no type information) keep `npm run lint` fast; tsc does the type checking.
export default defineConfig(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'content/', 'coverage/', '.vite/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` keeps `import {} from` under verbatimModuleSyntax: a whole module (and its
      // schema library) in the bundle for types alone.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The domain is framework-free and deterministic: time and randomness come in through ports or input.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Use a Clock port or machine input instead of Date.now().' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Use a Random port or machine input instead of Math.random().' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Use a Clock port or machine input instead of new Date().' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
