/** The start page links the partner portal only when a `/portal` route is registered. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { homePagePlugin } from './home-page.ts';

async function startPage(withPortal: boolean): Promise<string> {
  const app = Fastify();
  await app.register(homePagePlugin, { version: '1.2.3' });
  if (withPortal) app.get('/portal', async () => 'portal');
  const reply = await app.inject({ method: 'GET', url: '/' });
  expect(reply.headers['content-type']).toContain('text/html');
  await app.close();
  return reply.body;
}

describe('GET /', () => {
  it('links the reference and the OpenAPI document, and the portal when it exists', async () => {
    const without = await startPage(false);
    expect(without).toContain('href="/docs"');
    expect(without).toContain('href="/openapi.json"');
    expect(without).not.toContain('/portal');
    expect(await startPage(true)).toContain('href="/portal"');
  });
});
