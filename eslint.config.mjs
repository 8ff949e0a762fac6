// One lint set-up for the whole monorepo.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.run/**',
      '.cache/**',
      'proto/src/gen/**',
      'frontend/src/lib/api/schema.gen.ts',
      'services/*/src/database.gen.ts',
      'frontend/dist/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        __dirname: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
    },
  },
  {
    // Honest dependencies: every workspace declares what its code imports (no reliance on npm
    // hoisting); the nearest package.json is the one that must list it. Test code, scripts and
    // tools may use devDependencies.
    plugins: { 'import-x': importX },
    settings: { 'import-x/internal-regex': '^@/' },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          includeTypes: true,
          devDependencies: [
            '**/*.spec.ts',
            '**/*.test.{ts,tsx}',
            '**/test/**',
            '**/testing/**',
            '**/e2e/**',
            '**/scripts/**',
            '**/*.config.{ts,mjs,js}',
            'infra/**',
            'gateway/**',
            'bench/**',
            'frontend/vite.config.ts',
          ],
        },
      ],
    },
  },
  {
    // Services never import each other: they share only @kinora/common and @kinora/proto.
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@kinora/auth*',
                '@kinora/catalog*',
                '@kinora/social*',
                '@kinora/ads*',
                '@kinora/analytics*',
                '@kinora/admin*',
                '../../*/src/*',
              ],
              message: 'Services talk over Kafka only; share code through @kinora/common.',
            },
          ],
        },
      ],
    },
  },
  {
    // bulletproof-react: features never import each other; shared code never imports features or app.
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '../../*/*', '@/app/*'],
              message: 'No imports between features or from app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/src/{components,lib,hooks,config,types}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'],
              message: 'Shared code must not import features or app.',
            },
          ],
        },
      ],
    },
  },
);
