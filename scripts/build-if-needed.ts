/** Builds the production app unless an up-to-date build exists (used before the end-to-end tests). */
import { buildIfNeeded } from './lib/build';
import { log } from './lib/runtime';

try {
  buildIfNeeded(log);
} catch (error) {
  console.error(`[smile-referrals] ${(error as Error).message}`);
  process.exit(1);
}
