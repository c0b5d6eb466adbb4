/** The lint rules that hold the architecture: wrong arrows and import cycles fail `npm run lint`. */
import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const scratch = [
  'engine/__lint_probe__',
  'domain/__lint_probe__',
  'src/__lint_probe__',
  'server/__lint_probe__',
  'api-contract/__lint_probe__',
];

async function ruleIds(file: string, code: string): Promise<string[]> {
  writeFileSync(file, code);
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

beforeAll(() => scratch.forEach((dir) => mkdirSync(dir, { recursive: true })));
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('architecture lint', () => {
  it('forbids engine importing src, config or domain', async () => {
    const file = join(scratch[0]!, 'probe.ts');
    expect(await ruleIds(file, "import { product } from '#src/config.ts';\nexport const x = product;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIds(file, "import product from '#config/product.json';\nexport const x = product;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await ruleIds(file, "import { formatPeso } from '#domain/money.ts';\nexport const x = formatPeso;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('forbids domain importing the engine', async () => {
    const file = join(scratch[1]!, 'probe.ts');
    expect(
      await ruleIds(file, "import { layoutMode } from '#engine/layout/device.ts';\nexport const x = layoutMode;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('forbids src importing server and server importing src or the engine beyond validation', async () => {
    expect(
      await ruleIds(
        join(scratch[2]!, 'probe.ts'),
        "import { buildApp } from '#server/app.ts';\nexport const x = buildApp;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    const serverFile = join(scratch[3]!, 'probe.ts');
    expect(
      await ruleIds(serverFile, "import { product } from '#src/config.ts';\nexport const x = product;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(serverFile, "import { guard } from '#engine/screens/guard.ts';\nexport const x = guard;\n"),
    ).toContain('import-x/no-restricted-paths');
    // The widgets' metadata, not their React loaders.
    expect(
      await ruleIds(
        serverFile,
        "import { engineWidgets } from '#engine/widgets/registry.ts';\nexport const x = engineWidgets;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        serverFile,
        "import { engineWidgetMeta } from '#engine/widgets/widget-meta.ts';\nexport const x = engineWidgetMeta;\n",
      ),
    ).toEqual([]);
  });

  it('names a path that leaves its top folder through the # alias, and fixes a ../../ chain to it', async () => {
    const file = join(scratch[2]!, 'probe.ts');
    expect(
      await ruleIds(file, "import { formatPeso } from '../../domain/money.ts';\nexport const x = formatPeso;\n"),
    ).toContain('local/import-alias');
    expect(
      await ruleIds(file, "import { formatPeso } from '#domain/money.ts';\nexport const x = formatPeso;\n"),
    ).toEqual([]);
    const [fixed] = await new ESLint({ cwd: process.cwd(), fix: true }).lintText(
      "import { formatPeso } from '../../domain/money.ts';\nexport const x = formatPeso;\n",
      { filePath: file },
    );
    expect(fixed?.output).toContain("from '#domain/money.ts'");
    // Inside its top folder a path may climb one level; two or more go through the alias too.
    mkdirSync(join(scratch[2]!, 'deep'), { recursive: true });
    const deep = join(scratch[2]!, 'deep', 'probe.ts');
    expect(await ruleIds(deep, "import { product } from '../../config.ts';\nexport const x = product;\n")).toContain(
      'local/import-alias',
    );
    expect(await ruleIds(deep, "import { x } from '../probe.ts';\nexport const y = x;\n")).not.toContain(
      'local/import-alias',
    );
  });

  it('allows the arrows the architecture draws', async () => {
    expect(
      await ruleIds(
        join(scratch[2]!, 'probe.ts'),
        "import { guard } from '#engine/screens/guard.ts';\nimport { formatPeso } from '#domain/money.ts';\nexport const x = [guard, formatPeso];\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        join(scratch[3]!, 'probe.ts'),
        "import { formatPeso } from '#domain/money.ts';\nexport const x = formatPeso;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        join(scratch[3]!, 'probe.ts'),
        "import { resumeRoute } from '#engine/flow/flow.ts';\nexport const x = resumeRoute;\n",
      ),
    ).toEqual([]);
  });

  it('shares the API contract through api-contract/: the server takes its schemas, the web app only its types', async () => {
    const src = join(scratch[2]!, 'probe.ts');
    expect(
      await ruleIds(src, "import type { OrderAnswer } from '#api-contract/loans.ts';\nexport type X = OrderAnswer;\n"),
    ).toEqual([]);
    expect(
      await ruleIds(src, "import { orderAnswer } from '#api-contract/loans.ts';\nexport const x = orderAnswer;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await ruleIds(
        join(scratch[3]!, 'probe.ts'),
        "import { orderAnswer } from '#api-contract/loans.ts';\nexport const x = orderAnswer;\n",
      ),
    ).toEqual([]);
    // The contract takes domain/'s lists (the staff roles: written once), nothing else of ours.
    const schema = join(scratch[4]!, 'probe.ts');
    expect(
      await ruleIds(schema, "import { STAFF_ROLES } from '#domain/staff-roles.ts';\nexport const x = STAFF_ROLES;\n"),
    ).toEqual([]);
    expect(
      await ruleIds(
        schema,
        "import { keyboardFor } from '#engine/form/templates/base-input-template.tsx';\nexport const x = keyboardFor;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(schema, "import { product } from '#src/config.ts';\nexport const x = product;\n")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('takes navigation from src/router.ts: react-router-dom nowhere else in src, no router at all in the engine', async () => {
    const direct = "import { useNavigate } from 'react-router-dom';\nexport const x = useNavigate;\n";
    const core = "import { useNavigate } from 'react-router';\nexport const x = useNavigate;\n";
    expect(await ruleIds(join(scratch[2]!, 'probe.ts'), direct)).toContain('no-restricted-imports');
    expect(await ruleIds(join(scratch[2]!, 'probe.ts'), core)).toContain('no-restricted-imports');
    expect(await ruleIds(join(scratch[0]!, 'probe.ts'), direct)).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        join(scratch[2]!, 'probe.ts'),
        "import { useNavigate } from '../router.ts';\nexport const x = useNavigate;\n",
      ),
    ).toEqual([]);
    const [router] = await eslint.lintFiles(['src/router.ts']);
    expect(router?.messages).toEqual([]);
  });

  it('forbids import cycles', async () => {
    const a = join(scratch[2]!, 'a.ts');
    const b = join(scratch[2]!, 'b.ts');
    writeFileSync(b, "import { a } from './a.ts';\nexport const b = () => a;\n");
    expect(await ruleIds(a, "import { b } from './b.ts';\nexport const a = () => b;\n")).toContain('import-x/no-cycle');
  });
});
