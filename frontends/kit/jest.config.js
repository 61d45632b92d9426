/** Unit tests of kit: TypeScript/TSX through @swc/jest, in a jsdom browser environment. */
module.exports = {
  displayName: 'kit',
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
      },
    ],
  },
  moduleNameMapper: { '\\.css$': '<rootDir>/src/test/style-stub.js' },
};
