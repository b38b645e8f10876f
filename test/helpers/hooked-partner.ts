/**
 * A sandbox partner whose webhooks go to a local WebhookReceiver, with one client, and the
 * webhooks it received per connection, verified with `standardwebhooks` (never our own code).
 * Shared by the lifecycle and sandbox-scenario tests.
 */
import { Webhook } from 'standardwebhooks';
import type { PartnerInput } from '../../src/modules/partners/partners.service.ts';
import type { TestApp } from './app.ts';
import type { Received, WebhookReceiver } from './receiver.ts';

export interface HookedPartner {
  partnerId: string;
  apiKey: string;
  clientId: string;
  /** The sandbox endpoint's signing secret. */
  secret: string;
}

/** Creates a partner (`input`), points its sandbox webhooks at `receiver` and creates one client. */
export async function hookedPartner(t: TestApp, receiver: WebhookReceiver, input: PartnerInput = {}): Promise<HookedPartner> {
  const p = await t.newPartner(input);
  const { secret } = await t.services.webhooks.setEndpoint(p.partnerId, 'sandbox', receiver.url);
  return { ...p, secret, clientId: await t.newClient(p.apiKey) };
}

/**
 * Reading what the receiver got (`receiver()`: the one the test file started in beforeAll):
 * verified payloads of a connection, their types, and waiting for a type.
 */
export function receivedHooks(receiver: () => WebhookReceiver) {
  /** Verified webhook payloads answered 200 for a connection, in arrival order. */
  const hooks = (p: HookedPartner, connectionId: string): any[] =>
    receiver().received.filter((r: Received) => r.json.data.connectionId === connectionId && r.status === 200).map((r) => new Webhook(p.secret).verify(r.body, r.headers) as any);
  const typesOf = (p: HookedPartner, connectionId: string): string[] => hooks(p, connectionId).map((h) => h.type);
  /** Waits until `count` webhooks of `type` arrived for the connection. */
  const waitForHook = (p: HookedPartner, connectionId: string, type: string, count = 1) => receiver().waitFor(() => typesOf(p, connectionId).filter((x) => x === type).length >= count);
  return { hooks, typesOf, waitForHook };
}

/** Every transaction of an account, following nextCursor through pages of 500. */
export async function allTransactions(t: TestApp, p: { apiKey: string; clientId: string }, accountId: string): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await t.call('GET', `/v1/accounts/${accountId}/transactions?limit=500${cursor ? `&nextCursor=${cursor}` : ''}`, { key: p.apiKey, clientId: p.clientId });
    all.push(...page.body.data);
    cursor = page.body.nextCursor;
  } while (cursor);
  return all;
}
