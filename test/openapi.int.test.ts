/**
 * The OpenAPI 3.1 document: valid by a real validator (@apidevtools/swagger-parser) and by
 * `redocly lint` (no errors), complete (every API route and every webhook event is in it), and
 * equal to the committed openapi.json, as the client's generated types (packages/client/src/
 * schema.ts) are to what openapi-typescript makes of it (run `npm run openapi` to refresh both
 * after a route change). The reference page is served at /docs, a start page at /.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTypes, schemaPath } from '../packages/client/scripts/generate.mjs';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
const committedPath = new URL('../openapi.json', import.meta.url);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The document with the per-run server address replaced by the default one. */
async function currentDocument(): Promise<any> {
  const doc = (await t.call('GET', '/openapi.json')).body;
  return { ...doc, servers: [{ url: 'http://localhost:3000' }] };
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await currentDocument();
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc));
  });

  it('lists every versioned route with its method, and no hosted page', async () => {
    const doc = await currentDocument();
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const apiRoutes = t.app.knownRoutes
      .filter((r) => /^\/v\d+\//.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(apiRoutes.length).toBeGreaterThan(3);
    for (const route of apiRoutes) expect(documented, route).toContain(route);
    for (const entry of documented) expect(entry).toMatch(/^[A-Z]+ \/v\d+\//);
  });

  it('documents the idempotency answers (409, 422, Idempotent-Replayed) and the rate-limit headers', async () => {
    const doc = await currentDocument();
    const idempotent = [doc.paths['/v1/connections'].post, doc.paths['/v1/connections/{connectionId}/reconnect'].post, doc.paths['/v1/connect-sessions'].post];
    for (const operation of idempotent) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422']));
      expect(Object.keys(operation.responses['200'].headers)).toContain('Idempotent-Replayed');
    }
    const config = doc.paths['/v1/partner/config'].get.responses;
    expect(Object.keys(config['200'].headers)).toEqual(['X-Request-Id', 'RateLimit', 'RateLimit-Policy']);
    expect(Object.keys(config['429'].headers)).toContain('Retry-After');
    expect(Object.keys(config['401'].headers)).toEqual(['X-Request-Id']);
    expect(Object.keys(doc.components.headers)).toEqual(['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Idempotent-Replayed']);
  });

  it('matches the committed openapi.json', async () => {
    const doc = await currentDocument();
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI) writeFileSync(committedPath, text);
    expect(JSON.parse(readFileSync(committedPath, 'utf8'))).toEqual(doc);
  });

  it("matches the client's generated types (packages/client/src/schema.ts)", async () => {
    const text = await generateTypes(await currentDocument());
    if (process.env.UPDATE_OPENAPI) writeFileSync(schemaPath, text);
    expect(readFileSync(schemaPath, 'utf8')).toBe(text);
  });

  it('documents every webhook event with its payload, signature headers and an example', async () => {
    const doc = await currentDocument();
    const types = ['ConnectionCreateSuccess', 'ConnectionCreateFailed', 'ConnectionConsentExpiring', 'ConnectionConsentExpired', 'ConnectionConsentRevoked', 'ConnectionRefreshSuccess', 'ConnectionRefreshFailed', 'AccountsFetchingProgress', 'TransactionsFetchingProgress'];
    expect(Object.keys(doc.webhooks).sort()).toEqual([...types, 'WebhookTest'].sort());
    // The test event of the portal's "Send test event" belongs to no connection.
    expect(doc.components.schemas.WebhookTestEvent.properties.data.required).toEqual(['partnerId', 'mode', 'message']);
    for (const type of types) {
      const operation = doc.webhooks[type].post;
      expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const content = operation.requestBody.content['application/json'];
      expect(content.example.type).toBe(type);
      const schema = doc.components.schemas[content.schema.$ref.split('/').pop()];
      expect(schema.properties.type.const).toBe(type);
      expect(schema.properties.data.required).toEqual(expect.arrayContaining(['partnerId', 'clientId', 'connectionId']));
    }
    const progress = doc.components.schemas.TransactionsFetchingProgressEvent.properties.data.properties;
    expect(progress.stage.enum).toEqual(['Started', 'InProgress', 'Completed']);
    expect(Object.keys(progress)).toEqual(expect.arrayContaining(['accountCount', 'accountsDone', 'transactionCount']));
    expect(doc.components.schemas.ConnectionCreateFailedEvent.properties.data.properties.error.required).toEqual(['code', 'message']);
  });

  it('passes redocly lint with no error', async () => {
    const redocly = new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url).pathname;
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await promisify(execFile)(process.execPath, [redocly, 'lint', '--format=summary', committedPath.pathname], { env });
    expect(stdout).not.toMatch(/^error /m);
  });

  it('serves the API reference page at /docs', async () => {
    const reply = await t.call('GET', '/docs/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(String(reply.body)).toContain('bankdata API reference');
    expect(String(reply.body)).not.toMatch(/https?:\/\//);
  });

  it('answers / with a page linking the reference and the OpenAPI document', async () => {
    const reply = await t.call('GET', '/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(String(reply.body)).toContain('href="/docs"');
    expect(String(reply.body)).toContain('href="/openapi.json"');
    expect(String(reply.body)).toContain('href="/portal"');
  });
});

