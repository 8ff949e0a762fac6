// One jest set-up for every service workspace: each runs `jest -c ../../jest.config.mjs --rootDir .`
// (see their package.json), so <rootDir> is the workspace. Specs run from the TypeScript sources,
// @kinora/common, @kinora/proto and @kinora/contracts included, transformed by swc with decorator metadata on (Nest's
// dependency injection and MikroORM read design:type / design:paramtypes).
const swc = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    // Legacy decorators with define semantics for class fields, as tsc emits for ES2022.
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

// @tus/server and its srvx, and content-disposition (of @fastify/static, under admin's jobs view),
// are ES modules only: compiled to CommonJS like the sources, since Jest's CommonJS module runtime
// cannot load ES modules (its own loader, not Node's require).
const swcEsm = { ...swc, jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, sourceMaps: false };

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['<rootDir>/{src,test}/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    '/node_modules/(@tus/[^/]+|srvx|content-disposition)/.+\\.m?js$': ['@swc/jest', swcEsm],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@tus/[^/]+|srvx|(@fastify/static/node_modules/)?content-disposition)/)',
  ],
  moduleNameMapper: {
    '^@kinora/common$': '<rootDir>/../common/src/index.ts',
    '^@kinora/common/testing$': '<rootDir>/../common/src/testing/index.ts',
    '^@kinora/proto$': '<rootDir>/../../proto/src/index.ts',
    '^@kinora/contracts$': '<rootDir>/../../contracts/src/index.ts',
  },
  // Integration specs start servers and processes on a 2-core machine: one file at a time, and
  // no per-test limit tighter than their own waits (each spec sets longer ones where it needs).
  maxWorkers: 1,
  testTimeout: 120_000,
  // A spec that fails half-way may leave a process or socket of its own open: the run still ends
  // (and reports the failure) instead of waiting on it.
  forceExit: true,
  collectCoverage: true,
  coverageProvider: 'v8',
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.spec.ts', '!src/**/*.d.ts'],
  coverageReporters: ['text-summary'],
  coverageDirectory: '<rootDir>/coverage',
};
