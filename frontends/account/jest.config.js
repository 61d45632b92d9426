/** Account specs: auth screen pieces and the country combobox (jsdom). */
module.exports = {
  displayName: 'account',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // wouter and its dependency ship ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
  moduleNameMapper: {
    '^@growth/kit$': '<rootDir>/../kit/src/index.ts',
    '\\.css$': '<rootDir>/../kit/src/test/style-stub.js',
  },
};
