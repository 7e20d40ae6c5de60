// Integration tests: route handlers and services against a real PostgreSQL (an embedded server started for
// the run, one throwaway database per test file). See tests/support/global-setup.ts.
const nextJest = require('next/jest.js');

const createJestConfig = nextJest({ dir: './' });

const config = createJestConfig({
  displayName: 'integration',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
  setupFiles: ['<rootDir>/tests/support/contract-check.ts'],
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/support/empty.js', '^@/(.*)$': '<rootDir>/$1' },
  testTimeout: 60_000,
});

// (npm run test:integration runs Node with --experimental-vm-modules: react-email's renderer loads
// react-dom/server with a dynamic import, which Jest's VM runs only then.)
// Prisma's WebAssembly schema engine, jose (the Google Wallet save links) and the OpenAPI validator of
// contract.test.ts, and otplib's base32 and hashes (issue 31's TOTP) ship as ES modules only: let Jest
// transform them like our own code.
module.exports = async () => {
  const resolved = await config();
  return {
    ...resolved,
    transformIgnorePatterns: [
      '/node_modules/(?!(@prisma/schema-engine-wasm|jose|@seriousme/openapi-schema-validator|@otplib|@scure/base|@noble/hashes)/)',
      '^.+\\.module\\.(css|sass|scss)$',
    ],
  };
};
