/**
 * Runs the browser suites (tests/e2e) in headless Chromium. Without a Chromium it says so loudly and skips them;
 * with CI=true a missing Chromium is a failure, so CI can never pass without the browser tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const ci = process.env['CI'] === 'true';
  const line = '!'.repeat(78);
  console.error(`\n${line}\n  BROWSER SUITE ${ci ? 'FAILED' : 'SKIPPED'}: no Chromium at ${chromium}.`);
  console.error('  Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  console.error(`  The end-to-end tests did NOT run.\n${line}\n`);
  process.exit(ci ? 1 : 0);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
