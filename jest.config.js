// Unit tests: beside the code they test, no database, no browser.
const nextJest = require('next/jest.js');

const createJestConfig = nextJest({ dir: './' });

module.exports = createJestConfig({
  displayName: 'unit',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{app,components,lib,scripts}/**/*.test.{ts,tsx}'],
  moduleNameMapper: { '^server-only$': '<rootDir>/tests/support/empty.js', '^@/(.*)$': '<rootDir>/$1' },
});
