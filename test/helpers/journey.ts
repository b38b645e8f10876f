/**
 * Walks a sandbox bank journey over real HTTP as a browser would: open redirectUrl, submit the
 * login form, follow the bank's redirect to our callback, and read where the user lands.
 */
import Tokens from '@fastify/csrf';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

export const providerIds = {
  vltava: 'vltava_xf',
  direct: 'krkonose_direct_xf',
  inactive: 'donau_private_xf',
  hidden: 'pennine_hidden_xf',
  disabled: 'clyde_retired_xf',
} as const;

/** Provider id of a sandbox provider code. */
export async function providerId(t: TestApp, code: string): Promise<string> {
  const row = await t.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A double-submit pair of @fastify/csrf-protection (src/hosted/form-protection.ts) for hosted
 * form POSTs sent without a browser: the secret goes in the `_csrf` cookie, the token in a header.
 */
const tokens = Tokens();
const csrfSecret = tokens.secretSync();
const csrfToken = tokens.create(csrfSecret);

/** Headers of a hosted form POST: the form's content type, the CSRF pair, and `cookie` (e.g. a session's) when given. */
export function formHeaders(cookie?: string): Record<string, string> {
  return { cookie: [cookie, `_csrf=${csrfSecret}`].filter(Boolean).join('; '), 'x-csrf-token': csrfToken, 'content-type': 'application/x-www-form-urlencoded' };
}

/** Follows `redirectUrl` through the sandbox bank as `username` (or cancels); returns the final returnUrl. */
export async function walkBank(redirectUrl: string, username: string | 'cancel'): Promise<URL> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1]!, redirectUrl);
  const form = new URLSearchParams(username === 'cancel' ? { state, action: 'cancel' } : { state, username, password: 'x', action: 'login' });
  const login = await fetch(action, { method: 'POST', body: form, headers: formHeaders(), redirect: 'manual' });
  expect(login.status).toBe(303);
  const callback = await fetch(login.headers.get('location')!, { redirect: 'manual' });
  expect(callback.status).toBe(303);
  return new URL(callback.headers.get('location')!);
}

/** Polls the connection until it leaves Pending (or `timeoutMs` passes). */
export async function settle(t: TestApp, key: string, clientId: string, connectionId: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const reply = await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId });
    if (reply.body.state !== 'Pending' || Date.now() > until) return reply.body.state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates a connection and completes it through the bank pages as `username`; returns its id once settled. */
export async function connect(t: TestApp, key: string, clientId: string, username = 'user_ok', code: string = providerIds.vltava, body: Record<string, unknown> = {}): Promise<string> {
  const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, code), ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await walkBank(created.body.redirectUrl, username);
  await settle(t, key, clientId, created.body.connectionId);
  return created.body.connectionId;
}

/** Polls `read` every 100 ms until `done` holds or `timeoutMs` passes; returns the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates a connect session (`body` beside `returnUrl`) and expects 200; its `{sessionId, hostedUrl}`. */
export async function newConnectSession(t: TestApp, key: string, clientId: string, returnUrl: string, body: Record<string, unknown> = {}): Promise<{ sessionId: string; hostedUrl: string }> {
  const reply = await t.call('POST', '/v1/connect-sessions', { key, clientId, body: { returnUrl, ...body } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}
