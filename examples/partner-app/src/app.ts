/**
 * The example partner app (a budgeting app): it keeps one bankdata client per user, sends the
 * user through the hosted connect flow, receives and verifies webhooks, and lists the connected
 * accounts' transactions, all with @bankdata/client. State is kept in memory: a real app keeps it
 * in its database.
 *
 *   GET  /                            a page with a "Connect your bank" link
 *   GET  /connect?user=alice          creates (or finds) alice's client, starts a connect session, redirects to it
 *   GET  /done?user=alice&...         where the hosted flow returns the user
 *   POST /webhooks                    bankdata's webhooks (verified, duplicates dropped by webhook-id)
 *   GET  /users/alice                 what the app knows about alice: client, session, connections, events
 *   GET  /users/alice/transactions    every transaction of alice's connected accounts
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { BankdataError, createClient, verifyWebhook, WebhookVerificationError, type Transaction, type WebhookEvent } from '@bankdata/client';

/** Every webhook event of a connection: all but WebhookTest (the portal's "Send test event"). */
type ConnectionEvent = Exclude<WebhookEvent, { type: 'WebhookTest' }>;

export interface PartnerAppOptions {
  /** bankdata's address, e.g. http://localhost:3000 */
  bankdataUrl: string;
  /** the partner's API key (svc_test_... for the sandbox) */
  apiKey: string;
  /** the webhook endpoint's signing secret(s) (whsec_...), printed by `bankdata webhook set` */
  webhookSecret: string | string[];
  /** this app's own public address, e.g. http://localhost:4000 (the hosted flow returns here) */
  publicUrl: string;
}

interface User {
  clientId: string;
  sessionId?: string;
  connectionIds: string[];
  /** The user's connection events (every type but the portal's WebhookTest). */
  events: ConnectionEvent[];
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto">${body}</body></html>`;
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds the example app (not listening). */
export async function buildPartnerApp(options: PartnerAppOptions): Promise<FastifyInstance> {
  const bankdata = createClient({ baseUrl: options.bankdataUrl, apiKey: options.apiKey });
  const users = new Map<string, User>();
  const seenWebhooks = new Set<string>();
  const app = Fastify({ logger: false });

  // Webhook signatures cover the raw body: keep it as a string instead of parsing JSON.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** The user's bankdata client, created on first use (upsert by externalId). */
  async function userOf(name: string): Promise<User> {
    const known = users.get(name);
    if (known) return known;
    const client = await bankdata.clients.create({ email: `${name}@example.com`, countryCode: 'CZ', externalId: name });
    const user: User = { clientId: client.id, connectionIds: [], events: [] };
    users.set(name, user);
    return user;
  }
  const userByClientId = (clientId: string) => [...users.values()].find((u) => u.clientId === clientId);

  app.get('/', async (_request, reply) =>
    reply.type('text/html').send(page('Budget app', '<h1>Budget app</h1><p><a href="/connect?user=alice">Connect your bank</a> (as user alice)</p>')),
  );

  app.get<{ Querystring: { user?: string } }>('/connect', async (request, reply) => {
    const name = request.query.user ?? 'alice';
    const user = await userOf(name);
    const session = await bankdata.connectSessions.create({ returnUrl: `${options.publicUrl}/done?user=${encodeURIComponent(name)}`, country: 'CZ' }, { clientId: user.clientId });
    user.sessionId = session.sessionId;
    return reply.redirect(session.hostedUrl, 303);
  });

  app.get<{ Querystring: Record<string, string> }>('/done', async (request, reply) => {
    const { user = 'alice', resultCode = '', error = '' } = request.query;
    const text = resultCode === 'Ok' ? 'Your bank is connected. Transactions arrive in a moment.' : `The connection did not succeed (${escape(resultCode)} ${escape(error)}).`;
    return reply.type('text/html').send(page('Budget app', `<h1>Budget app</h1><p>${text}</p><p><a href="/users/${encodeURIComponent(user)}/transactions">Transactions</a></p>`));
  });

  app.post('/webhooks', async (request, reply) => {
    let event: WebhookEvent;
    try {
      event = verifyWebhook(request.body as string, request.headers, options.webhookSecret);
    } catch (error) {
      if (error instanceof WebhookVerificationError) return reply.code(400).send({ error: 'invalid signature' });
      throw error;
    }
    const id = String(request.headers['webhook-id']);
    if (seenWebhooks.has(id)) return reply.code(204).send();
    seenWebhooks.add(id);
    // "Send test event" in the portal: belongs to no user or connection; acknowledging is all.
    if (event.type === 'WebhookTest') return reply.code(204).send();
    const user = userByClientId(event.data.clientId);
    if (user) {
      user.events.push(event);
      // `type` narrows `data`: only ConnectionCreateSuccess carries accountCount and transactionCount.
      if (event.type === 'ConnectionCreateSuccess' && !user.connectionIds.includes(event.data.connectionId)) user.connectionIds.push(event.data.connectionId);
    }
    return reply.code(204).send();
  });

  app.get<{ Params: { user: string } }>('/users/:user', async (request, reply) => {
    const user = users.get(request.params.user);
    if (!user) return reply.code(404).send({ error: 'unknown user' });
    return { ...user, events: user.events.map((e) => ({ type: e.type, timestamp: e.timestamp, connectionId: e.data.connectionId })) };
  });

  app.get<{ Params: { user: string } }>('/users/:user/transactions', async (request, reply) => {
    const user = users.get(request.params.user);
    if (!user) return reply.code(404).send({ error: 'unknown user' });
    const { clientId } = user;
    const transactions: (Transaction & { accountId: string })[] = [];
    for (const connectionId of user.connectionIds) {
      for (const account of await bankdata.connections.accounts(connectionId, { clientId })) {
        // Every page, newest first: the client follows nextCursor.
        for await (const transaction of bankdata.transactions.iterate(account.id, { clientId, limit: 100 })) transactions.push({ ...transaction, accountId: account.id });
      }
    }
    return { count: transactions.length, transactions };
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof BankdataError) return reply.code(502).send({ error: `bankdata answered ${error.status} ${error.code}: ${error.message}`, requestId: error.requestId });
    return reply.send(error);
  });
  return app;
}
