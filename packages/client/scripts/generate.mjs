#!/usr/bin/env node
/**
 * Generates src/schema.ts (the types of every path, operation, schema and webhook) from the
 * service's OpenAPI document with openapi-typescript. Run by the service's `npm run openapi`
 * (which first regenerates openapi.json); test/openapi.int.test.ts fails when the committed
 * file differs from what this produces.
 *
 *   node scripts/generate.mjs [path/to/openapi.json]   (default: the repository's openapi.json)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const schemaPath = fileURLToPath(new URL('../src/schema.ts', import.meta.url));

const HEADER = `/**
 * Types of the bankdata API generated from openapi.json by openapi-typescript.
 * Do not edit: run \`npm run openapi\` in the service's repository.
 */

`;

/** The text of src/schema.ts for `document` (an OpenAPI 3.1 object). */
export async function generateTypes(document) {
  const ast = await openapiTS(structuredClone(document), { alphabetize: false, exportType: false, silent: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? fileURLToPath(new URL('../../../openapi.json', import.meta.url));
  writeFileSync(schemaPath, await generateTypes(JSON.parse(readFileSync(source, 'utf8'))));
  console.log(`wrote ${schemaPath}`);
}
