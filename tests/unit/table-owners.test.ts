/**
 * Who may touch which tables: the loan repository (server/services/loans/repository.ts and its modules in
 * server/services/loans/repository/) is the one place that reads and writes orders, their events, payouts and
 * payments, and the loan core asks the profile (server/services/profile-sections.ts) for a profile section rather
 * than reading its table. Every production file under server/ is scanned for the table objects it imports from
 * server/db/tables.ts; tests (`*.test.ts`) and their helpers (server/testing/) may read any table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const TABLES = resolve(ROOT, 'server/db/tables.ts');

/** The loan repository's tables, and the files that may import them. */
const LOAN_TABLES = ['loanOrders', 'loanEvents', 'payouts', 'payments'];
const isRepository = (file: string) =>
  file === 'server/services/loans/repository.ts' || file.startsWith('server/services/loans/repository/');
/** The table definitions themselves and the database that registers them (server/db/database.ts). */
const isTableHome = (file: string) => file.startsWith('server/db/');

/** The profile's table, which the loan core reads through the profile only. */
const PROFILE_TABLE = 'profileSections';
const isLoanCore = (file: string) => file.startsWith('server/services/loans/');

/** Every production `.ts` file under server/, relative to the root. */
function productionFiles(folder = 'server'): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return path === 'server/testing' ? [] : productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Whether a module specifier written in `file` names server/db/tables.ts. */
function namesTables(file: string, specifier: string): boolean {
  const path = specifier.startsWith('#')
    ? resolve(ROOT, specifier.slice(1))
    : specifier.startsWith('.')
      ? resolve(dirname(resolve(ROOT, file)), specifier)
      : null;
  return path === TABLES;
}

/**
 * The names `file` takes from server/db/tables.ts: named imports and re-exports (their original names, so an alias
 * hides nothing), `*` for a namespace import, a whole-module re-export or a dynamic import.
 */
function tablesImportedBy(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      namesTables(file, node.moduleSpecifier.text)
    ) {
      if (ts.isImportDeclaration(node)) {
        const bindings = node.importClause?.namedBindings;
        if (node.importClause?.name) names.push('*');
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements) names.push((element.propertyName ?? element.name).text);
      } else names.push('*');
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      namesTables(file, node.arguments[0].text)
    )
      names.push('*');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** What `file` imports that it may not: `<file>: <table>` lines. */
function trespasses(file: string, names: readonly string[]): string[] {
  const wrong = new Set<string>();
  if (!isRepository(file) && !isTableHome(file))
    for (const name of names) if (name === '*' || LOAN_TABLES.includes(name)) wrong.add(name);
  if (isLoanCore(file)) for (const name of names) if (name === '*' || name === PROFILE_TABLE) wrong.add(name);
  return [...wrong].map((name) => `${file}: ${name}`);
}

describe('table owners', () => {
  it('finds the tables an import names, however it is written', () => {
    const file = 'server/services/probe.ts';
    expect(
      tablesImportedBy(
        file,
        [
          "import { customers, loanOrders as orders } from '#server/db/tables.ts';",
          "import type { payments } from '../db/tables.ts';",
          "export { payouts } from '#server/db/tables.ts';",
          "import { coupons } from './coupons.ts';",
        ].join('\n'),
      ),
    ).toEqual(['customers', 'loanOrders', 'payments', 'payouts']);
    expect(tablesImportedBy(file, "import * as tables from '../db/tables.ts';")).toEqual(['*']);
    expect(tablesImportedBy(file, "const t = await import('#server/db/tables.ts');")).toEqual(['*']);
    expect(
      tablesImportedBy('server/services/loans/probe.ts', "import { profileSections } from '../../db/tables.ts';"),
    ).toEqual(['profileSections']);
  });

  it('tells an owner from a trespasser', () => {
    expect(trespasses('server/services/loans/repository/orders.ts', ['loanOrders', 'customers'])).toEqual([]);
    expect(trespasses('server/services/loans/repository.ts', ['loanEvents'])).toEqual([]);
    expect(trespasses('server/services/staff/reviews.ts', ['loanOrders', 'profileSections'])).toEqual([
      'server/services/staff/reviews.ts: loanOrders',
    ]);
    expect(trespasses('server/services/loans/apply.ts', ['profileSections', 'coupons'])).toEqual([
      'server/services/loans/apply.ts: profileSections',
    ]);
    expect(trespasses('server/services/loans/repository/orders.ts', ['profileSections'])).toEqual([
      'server/services/loans/repository/orders.ts: profileSections',
    ]);
  });

  it('lets only the loan repository import orders, events, payouts and payments, and no loan file the profile table', () => {
    const files = productionFiles();
    expect(files).toContain('server/services/loans/repository.ts');
    const found = files.flatMap((file) =>
      trespasses(file, tablesImportedBy(file, readFileSync(join(ROOT, file), 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});
