/** Unmounts what a component test rendered after each test (Testing Library needs this without vitest globals). */
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
