/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests', '<rootDir>/shared/datasets'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
    // pdfjs-dist ships only ES modules; see tests/helpers/esm-transform.js.
    '/node_modules/pdfjs-dist/.+\\.mjs$': '<rootDir>/tests/helpers/esm-transform.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!pdfjs-dist/)'],
  testTimeout: 60000,
  maxWorkers: 2,
  setupFiles: ['<rootDir>/tests/helpers/env.ts', '<rootDir>/shared/datasets/install.ts'],
};
