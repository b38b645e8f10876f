/**
 * Response schemas as fast-json-stringify serialises them fastest: a union it would otherwise
 * decide with Ajv at every value (`anyOf`) rewritten to the same JSON with a plain type check
 * (issue 18). TypeBox writes a nullable field, `Type.Union([T, Type.Null()])`, as `anyOf`; for an
 * `anyOf` fast-json-stringify builds an Ajv instance per serializer and validates each value
 * against the branches in turn. Two shapes are rewritten, and only for serialisation (request
 * validation and the OpenAPI document keep the schemas as written):
 *
 * - a nullable type, `anyOf: [X, { type: 'null' }]` where X has one `type` and no union or
 *   reference of its own: `{ ...X, type: [X.type, 'null'] }`;
 * - a union of literals of one type (`Type.Union([Type.Literal('a'), Type.Literal('b')])`):
 *   `{ type, enum: [...] }`.
 *
 * The JSON written for values that match the schema is the same (serialization-schema.test.ts);
 * a serializer with no `anyOf` left needs no Ajv at all, which also makes a route's first request
 * cheaper (its serializer is compiled then: src/lib/lazy-schema-compilers.ts). Measured on a page of
 * ten transactions: 1.5x faster serialisation, compile 10 ms -> 2 ms (bench/README.md).
 */

type Schema = Record<string, unknown>;

const UNION_KEYS = ['anyOf', 'oneOf', 'allOf', '$ref'];

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (branch: Schema) => branch.type === 'null';
/** A branch with one `type` of its own and no union or reference inside it at its top. */
const isSimple = (branch: Schema) => typeof branch.type === 'string' && branch.type !== 'null' && !UNION_KEYS.some((key) => key in branch);

/** The single-type form of an `anyOf` of `node`'s shapes above, or null to keep the `anyOf`. */
function collapsed(node: Schema): Schema | null {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || !branches.every(isObject)) return null;
  const { anyOf: _anyOf, ...outer } = node;
  if (branches.length === 2 && branches.some(isNull)) {
    const value = branches.find((branch) => !isNull(branch))!;
    return isSimple(value) ? { ...value, ...outer, type: [value.type as string, 'null'] } : null;
  }
  const type = branches[0]?.type;
  if (typeof type === 'string' && branches.every((branch) => 'const' in branch && branch.type === type)) {
    return { ...outer, type, enum: branches.map((branch) => branch.const) };
  }
  return null;
}

const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

const mapValues = (map: Schema, f: (value: unknown) => unknown) => Object.fromEntries(Object.entries(map).map(([key, value]) => [key, f(value)]));

/** `schema` (a JSON Schema) with its nullable and literal unions rewritten at any depth; the input is not changed. */
export function forSerialization(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const node: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) node[key] = value.map(forSerialization);
    else if (SUBSCHEMA.has(key)) node[key] = forSerialization(value);
    else if (SUBSCHEMA_MAPS.has(key) && isObject(value)) node[key] = mapValues(value, forSerialization);
    else node[key] = value;
  }
  return collapsed(node) ?? node;
}

/** `forSerialization` of each schema of a map of shared schemas by id (Fastify's external schemas). */
export const sharedForSerialization = (schemas: unknown): unknown => (isObject(schemas) ? mapValues(schemas, forSerialization) : schemas);
