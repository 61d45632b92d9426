/** Unit (*.spec.ts), integration (*.int-spec.ts) and API (test/**\/*.e2e-spec.ts) specs. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|strtok3|token-types|@tokenizer|@borewit|uint8array-extras)/)'],
  // @growth/contracts from its TypeScript source: Nx runs the specs without building the package first.
  moduleNameMapper: { '^@growth/contracts$': '<rootDir>/../contracts/src/index.ts' },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
};
