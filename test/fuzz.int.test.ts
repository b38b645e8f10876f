/**
 * Property-based fuzz test (issue 14, "Scale-out and fault suite"): every operation of the
 * committed openapi.json, driven over real HTTP (raw sockets, so Node's own parser errors count)
 * with requests built from the operation's parameters and body schema: valid values, and invalid
 * ones (wrong types, lengths, unicode including lone surrogates, NUL, huge numbers, bad UUIDs,
 * bad JSON, wrong content type, missing and duplicate headers). The properties: no 5xx, every
 * answer carries X-Request-Id, every error is the envelope whose requestId is that header.
 *
 * The seed is fixed (FUZZ_SEED overrides it, FUZZ_RUNS the number of requests); on failure
 * fast-check prints the seed, the shrunk counterexample and the path to replay it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { settle } from './helpers/journey.ts';
import { envelopeCode, rawRequest } from './helpers/raw-http.ts';

type Schema = Record<string, any>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  bodyRequired: boolean;
}

const document = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op && typeof op === 'object' && op.responses)
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      bodyRequired: op.requestBody?.required === true,
    })),
);

const SEED = Number(process.env.FUZZ_SEED ?? 1411);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);

let t: TestApp;
let apiKey: string;
/**
 * Real ids, read at send time: the generators emit `~client~`-style placeholders, so a fuzzed
 * DELETE that succeeds is followed by fresh fixtures rather than by thousands of 404s.
 */
const ids: Record<string, string> = {};
const KINDS = ['client', 'connection', 'session', 'account', 'provider'] as const;

/** A client, a connection, a connect session and (`withAccount`: after a download, slower) an account. */
async function createFixtures(withAccount: boolean): Promise<void> {
  ids.provider ??= (await t.call('GET', '/v1/providers?search=Vltava', { key: apiKey })).body.data[0].id as string;
  ids.client = await t.newClient(apiKey, `fuzz-${crypto.randomUUID()}`);
  const created = await t.call('POST', '/v1/connections', { key: apiKey, clientId: ids.client, body: { returnUrl: 'http://localhost:3000/cb', providerId: ids.provider } });
  ids.connection = created.body.connectionId;
  if (withAccount) {
    await t.call('POST', `/v1/sandbox/connections/${ids.connection}/complete`, { key: apiKey, clientId: ids.client, body: { outcome: 'Ok' } });
    await settle(t, apiKey, ids.client, ids.connection!);
    ids.account = (await t.call('GET', `/v1/connections/${ids.connection}/accounts`, { key: apiKey, clientId: ids.client })).body[0].id;
  }
  const session = await t.call('POST', '/v1/connect-sessions', { key: apiKey, clientId: ids.client, body: { returnUrl: 'http://localhost:3000/cb' } });
  ids.session = session.body.id;
}

/** Puts the current ids in place of the placeholders. */
const withIds = (text: string): string => text.replace(/~(client|connection|session|account|provider)~/g, (_, kind: string) => ids[kind]!);

beforeAll(async () => {
  t = await startTestApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '0' } });
  ({ apiKey } = await t.newPartner({ name: 'Fuzz Partner' }));
  await createFixtures(true);
}, 60_000);
afterAll(() => t?.close());

const resolve = (schema: Schema): Schema => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema);

/** Strings meant to break things: NUL, lone surrogates, control characters, huge, odd unicode. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', '\0', 'a\u0000b', '\ud800', 'x\udfff', '%00', '%C3%28', '../../etc/passwd', "' OR 1=1 --", '\u202e\u0000', 'null', '💳'.repeat(300), 'a'.repeat(5000)),
);
/** Any JSON-ish value of the wrong kind: numbers at the edges, objects, arrays, null. */
const nastyValue = fc.oneof(
  nastyString,
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 1.5, Number.MAX_SAFE_INTEGER, true, false, null, [], {}, [null], { a: '\0' }),
  fc.jsonValue({ maxDepth: 3 }),
);
const nastyUuid = fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '', '%00', 'ffffffff-ffff-ffff-ffff-ffffffffffff', `${'a'.repeat(200)}`), nastyString);

/** A value that satisfies `schema` (the subset openapi.json uses). */
function validValue(input: Schema, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => validValue(s, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, key)]));
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    case 'string':
    default:
      return validString(schema, name);
  }
}

function validString(schema: Schema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    const kind = KINDS.find((k) => name.toLowerCase().includes(k));
    return kind ? fc.oneof({ weight: 5, arbitrary: fc.constant(`~${kind}~`) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (name === 'username') return fc.constantFrom('user_ok', 'user_fail', 'user_cancel', 'user_many');
  if (schema.pattern === '^[a-z]{2}$') return fc.constantFrom('en', 'cs', 'sk', 'de', 'pl', 'fr');
  if (schema.pattern === '^[A-Z]{2}$') return fc.constantFrom('CZ', 'SK', 'DE', 'PL', 'AT', 'GB');
  if (name.startsWith('x-') || name === 'idempotency-key') return fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 40 });
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 320));
  if (schema.format === 'uri') return fc.constantFrom('http://localhost:3000/cb', 'http://localhost:8080/bank/done?x=1', 'http://localhost/cb');
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
  return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

/** Valid most of the time, else wrong in one place: a nasty value, a missing or an extra field. */
function fuzzedValue(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  if (type === 'object' && resolved.properties) {
    const keys = Object.keys(resolved.properties);
    return fc.tuple(validValue(resolved, name) as fc.Arbitrary<Record<string, unknown>>, fc.nat({ max: 9 }), fc.constantFrom(...keys), nastyValue).map(([value, mode, key, nasty]) => {
      const copy = { ...value };
      if (mode === 0) delete copy[key];
      else if (mode === 1) copy[`${key}\u0000`] = nasty;
      else if (mode <= 4) copy[key] = nasty;
      else if (mode === 5) copy.unexpected = nasty;
      return copy;
    });
  }
  return fc.oneof({ weight: 3, arbitrary: validValue(schema, name) }, { weight: 2, arbitrary: nastyValue });
}

/** How a parameter value goes on the wire (URL-encoded, sometimes raw bytes). */
function encodeForUrl(value: unknown, raw: boolean): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  if (raw) return text.replace(/[\s?#/&]/g, '');
  // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (CESU-8).
  return [...text].map((ch) => (/\p{Cs}/u.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
}

interface FuzzRequest {
  head: string;
  body: Buffer;
  fuzz: boolean;
}

/**
 * One request for `operation`. `fuzz` false: every part valid by the schema (the routes run);
 * true: parameters, body, headers and framing fuzzed, each part independently.
 */
function requestFor(operation: Operation, fuzz: boolean): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  const headers = operation.parameters.filter((p) => p.in === 'header');
  const some = <T>(valid: fc.Arbitrary<T>, wrong: fc.Arbitrary<T>): fc.Arbitrary<T> => (fuzz ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wrong }) : valid);
  const never = fc.constant(null);
  return fc
    .record({
      path: fc.tuple(...pathParams.map((p) => some<unknown>(validString(p.schema, p.name), nastyUuid)), never),
      rawPath: fuzz ? fc.nat({ max: 19 }).map((n) => n === 0) : fc.constant(false),
      query: fc.tuple(...query.map((p) => fc.option(fuzz ? fuzzedValue(p.schema, p.name) : validValue(p.schema, p.name), { nil: undefined, freq: 2 })), never),
      extraQuery: fuzz ? fc.option(fc.tuple(nastyString, nastyString), { freq: 5 }) : never,
      headers: fc.tuple(...headers.map((p) => fc.option(some<unknown>(validString(p.schema, p.name === 'x-client-id' ? 'client' : p.name), nastyString), { nil: undefined, freq: p.required && !fuzz ? 1e9 : p.required ? 10 : 2 })), never),
      duplicate: fuzz ? fc.option(fc.constantFrom('x-client-id', 'x-api-key', 'content-type', 'idempotency-key', 'content-length', 'x-request-id'), { freq: 8 }) : never,
      key: fuzz ? fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'missing', 'bad', 'nul') : fc.constant('valid'),
      requestId: fc.option(some(fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/), nastyString), { freq: 4 }),
      body: operation.body
        ? fc.option(fuzz ? fuzzedValue(operation.body) : validValue(operation.body), { nil: undefined, freq: operation.bodyRequired && !fuzz ? 1e9 : 8 })
        : fuzz
          ? fc.option(nastyValue, { nil: undefined, freq: 1 })
          : fc.constant(undefined),
      bodyKind: fuzz ? fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'badJson', 'badUtf8', 'text', 'form', 'none', 'charset') : fc.constant('json'),
    })
    .map((r) => {
      let path = operation.path;
      pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeForUrl(r.path[i], r.rawPath))));
      const pairs = query.flatMap((p, i) => (r.query[i] === undefined ? [] : [`${encodeURIComponent(p.name)}=${encodeForUrl(r.query[i], r.rawPath)}`]));
      if (r.extraQuery) pairs.push(`${encodeForUrl(r.extraQuery[0], false)}=${encodeForUrl(r.extraQuery[1], r.rawPath)}`);
      const url = pairs.length ? `${path}?${pairs.join('&')}` : path;
      const lines = [`${operation.method} ${url} HTTP/1.1`];
      if (r.key !== 'missing') lines.push(`X-Api-Key: ${r.key === 'valid' ? apiKey : r.key === 'bad' ? 'svc_test_nope' : `${apiKey}\0`}`);
      headers.forEach((p, i) => {
        const value = r.headers[i];
        if (value !== undefined) lines.push(`${p.name}: ${String(value).replace(/[\r\n]/g, '')}`);
      });
      if (r.requestId !== null) lines.push(`X-Request-Id: ${r.requestId.replace(/[\r\n]/g, '')}`);
      let body = Buffer.alloc(0);
      if (r.body !== undefined && r.bodyKind !== 'none') {
        const json = JSON.stringify(r.body) ?? 'null';
        if (r.bodyKind === 'badJson') body = Buffer.from(json.slice(0, Math.max(1, json.length - 1)) + '{');
        else if (r.bodyKind === 'badUtf8') body = Buffer.concat([Buffer.from(json.slice(0, 1)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(json.slice(1))]);
        else body = Buffer.from(json);
        const type = { json: 'application/json', badJson: 'application/json', badUtf8: 'application/json', text: 'text/plain', form: 'application/x-www-form-urlencoded', charset: 'application/json; charset=latin1' }[r.bodyKind];
        lines.push(`Content-Type: ${type}`);
      }
      if (r.duplicate) {
        const existing = lines.find((l) => l.toLowerCase().startsWith(`${r.duplicate}:`));
        // A second, conflicting Content-Length (never one that would make the server wait for bytes).
        lines.push(r.duplicate === 'content-length' ? `Content-Length: ${body.length === 0 ? 0 : body.length + 1}` : existing ?? `${r.duplicate}: ${r.duplicate === 'x-client-id' ? '~client~' : 'again'}`);
      }
      return { head: lines.join('\r\n'), body, fuzz };
    });
}

const anyRequest = () => fc.oneof(...operations.flatMap((operation) => [requestFor(operation, false), requestFor(operation, true), requestFor(operation, true)]));

it(`answers ${RUNS} fuzzed requests over ${operations.length} operations without a 5xx, every error in the envelope with its X-Request-Id`, async () => {
  expect(operations.length).toBeGreaterThan(20);
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(anyRequest(), async (request) => {
      const reply = await rawRequest(t.baseUrl, withIds(request.head), Buffer.from(withIds(request.body.toString('latin1')), 'latin1'));
      if (reply.status < 300 && /^DELETE \/v1\/(clients|connections)\//.test(request.head)) await createFixtures(false);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500) throw new Error(`${reply.status}: ${reply.text.slice(0, 500)}`);
      if (!reply.headers['x-request-id']) throw new Error(`no X-Request-Id on a ${reply.status}`);
      if (reply.status >= 400) envelopeCode(reply);
      if (process.env.FUZZ_DEBUG && !request.fuzz && reply.status >= 400) console.log(request.head.split('\r\n')[0]!.slice(0, 120), reply.status, reply.json?.error?.message?.slice(0, 150));
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  console.log(`fuzz: seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  // The mix must reach the routes, not only the guards in front of them.
  const ok = [...statuses].filter(([status]) => status < 300).reduce((sum, [, n]) => sum + n, 0);
  expect(ok, JSON.stringify([...statuses])).toBeGreaterThan(RUNS / 20);
}, 120_000);
