// Every answer of a declared endpoint is checked against its schema in the integration suite (issue 30,
// point 4): lib/api/route.ts answers 500 naming the drift, so a DTO that drifts from its declaration fails the
// test that called it.
process.env.CONTRACT_CHECK = '1';

// Issue 31: the suites not about staff accounts pay rewards and read bank details with a password alone; the
// ones about the second factor turn its enforcement on themselves.
process.env.REQUIRE_ADMIN_SECOND_FACTOR = 'false';

// Issue 32: the server's JSON log (lib/log.ts) writes past Jest's console capture, and many suites go down
// failure paths on purpose (a refused message, a failed payment). Quiet unless asked for: `LOG_LEVEL=info npm
// run test:integration`. The log test (operations.test.ts) chooses its own level and destination.
process.env.LOG_LEVEL ??= 'silent';
