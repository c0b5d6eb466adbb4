/**
 * Component tests: unmount what a test rendered after each test (Testing Library needs this without vitest
 * globals), and let `findBy*` / `waitFor` wait as long as a busy machine needs. Nothing here may depend on the
 * machine's speed: a short wait that passes on an idle machine fails under load, so waits end on what they wait for.
 */
import { afterEach, beforeAll } from 'vitest';

beforeAll(async () => {
  if (typeof document === 'undefined') return;
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 60_000 });
});

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
