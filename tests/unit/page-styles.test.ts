/** Every page stylesheet is imported by its screen (the shell has no loader of its own for them: src/screens/README.md). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const screens = 'src/screens';

describe('page stylesheets', () => {
  const pairs = readdirSync(screens, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(screens, d.name))
        .filter((f) => f.endsWith('.page.css'))
        .map((css) => [d.name, css] as const),
    );

  it.each(pairs)('%s imports %s', (name, css) => {
    const screen = readFileSync(join(screens, name, `${name}-screen.tsx`), 'utf8');
    expect(screen).toContain(`'./${css}'`);
  });
});
