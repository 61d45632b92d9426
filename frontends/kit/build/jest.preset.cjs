/**
 * The one Jest setup of the frontends (kit, shell, account): TypeScript/TSX through @swc/jest
 * into CommonJS, a jsdom browser environment, specs next to the code, kit and contracts from source and CSS
 * modules stubbed. Each jest.config.js names it as `preset` and adds its displayName.
 */
const path = require('node:path');

const kitSrc = path.join(__dirname, '..', 'src');
const contractsSrc = path.join(__dirname, '..', '..', '..', 'contracts', 'src');

module.exports = {
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
    '^@growth/kit$': path.join(kitSrc, 'index.ts'),
    '^@growth/contracts$': path.join(contractsSrc, 'index.ts'),
    '\\.css$': path.join(kitSrc, 'test', 'style-stub.js'),
  },
};
