// Lint rule `local/import-alias`: an import that leaves its top folder, or climbs two folders or more, names its target
// from the repository's root through the one alias, `#` (package.json "imports": `#domain/money.ts` is
// `./domain/money.ts`), instead of a `../../` chain; `./x.ts` and `../x.ts` inside a top folder stay relative. Fixable:
// `eslint --fix` writes the alias.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const topOf = (path) => path.split(sep)[0];

/** The alias a relative specifier of `file` should be written as, or null when it may stay relative. */
export function aliasFor(file, specifier) {
  if (!specifier.startsWith('../')) return null;
  const from = relative(root, file);
  const target = relative(root, resolve(dirname(file), specifier));
  if (target.startsWith('..') || !target.includes(sep)) return null;
  const climbs = specifier.match(/^(\.\.\/)+/)[0].length / 3;
  if (topOf(from) === topOf(target) && climbs < 2) return null;
  return `#${target.split(sep).join('/')}`;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    messages: {
      alias: "Import '{{specifier}}' as '{{alias}}': a path that leaves its top folder goes through the # alias.",
    },
    schema: [],
  },
  create(context) {
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const alias = aliasFor(context.filename, source.value);
      if (!alias) return;
      context.report({
        node: source,
        messageId: 'alias',
        data: { specifier: source.value, alias },
        fix: (fixer) => fixer.replaceText(source, `${source.raw[0]}${alias}${source.raw[0]}`),
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('../../x.ts') and vi.importActual('../../x.ts') name modules too.
      CallExpression: (node) => {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual'].includes(callee.property.name)
        ) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'import-alias': rule } };
