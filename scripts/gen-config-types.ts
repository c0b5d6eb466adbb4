/**
 * Generates TypeScript types for config files from their meta-schemas (config/schema/*.schema.json), so a config
 * shape is written once. `npm run gen:types` rewrites config/types/; a unit test fails when they are stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'config/schema');
const typesDir = join(root, 'config/types');

/** Returns file name -> generated TypeScript source for every meta-schema. */
export async function generateConfigTypes(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as JSONSchema;
    const source = await compile(schema, schema.title ?? basename(file), {
      bannerComment: `/* Generated from config/schema/${file} by scripts/gen-config-types.ts. Do not edit. */`,
      additionalProperties: false,
      style: { singleQuote: true, printWidth: 120 },
      cwd: schemaDir,
    });
    out.set(file.replace('.schema.json', '.ts'), source);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, source] of await generateConfigTypes()) {
    writeFileSync(join(typesDir, file), source);
    console.log(`config/types/${file}`);
  }
}
