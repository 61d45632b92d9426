/**
 * Whole-system specs (specs/*.e2e-spec.ts): they start the REAL built server
 * (`node backend/dist/main.js`) and drive it over HTTP and through headless Chromium.
 * Build first: `npx nx run-many -t build` (or run them through `npx nx test @growth/e2e`,
 * which builds the apps before).
 */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/specs/**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  setupFiles: ['<rootDir>/support/http-client.js'],
  globalSetup: '<rootDir>/support/global-setup.js',
  globalTeardown: '<rootDir>/support/global-teardown.js',
  reporters: ['default', '<rootDir>/support/suite-reporter.js'],
  // A fresh PGlite database takes several seconds to create, migrate and seed.
  testTimeout: 120000,
};
