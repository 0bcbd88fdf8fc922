import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The engine is pure: no React, no DOM, no views, no d3 that touches the DOM.
    files: ['src/engine/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*'], message: 'src/engine must stay free of React and state libraries.' },
          { group: ['d3-selection', 'd3-transition', 'd3-axis', 'd3-brush', 'd3-zoom', 'd3'], message: 'src/engine must not touch the DOM (no DOM-owning d3 modules).' },
          { group: ['**/views/**', '**/store/**', '**/workers/**', '**/cli/**', '**/App', '**/main'], message: 'src/engine must not import views, store, workers or the CLI.' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'window', message: 'No DOM in src/engine.' },
        { name: 'document', message: 'No DOM in src/engine.' },
        { name: 'navigator', message: 'No DOM in src/engine.' },
        { name: 'localStorage', message: 'No DOM in src/engine.' },
        { name: 'fetch', message: 'The engine does no I/O.' },
      ],
    },
  },
);
