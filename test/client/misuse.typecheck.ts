/**
 * Type test of @bankdata/client (issue 16): code that misuses the client must not compile. Each
 * `@ts-expect-error` below is checked by `tsc --noEmit` (part of `npm test`): if the line it
 * marks ever compiles, tsc reports the directive as unused and the type check fails. Never run.
 */
import { createClient, verifyWebhook, type WebhookEvent } from '@bankdata/client';

export async function misuse(rawBody: string, headers: Record<string, string>) {
  const client = createClient({ baseUrl: 'http://localhost:3000', apiKey: 'svc_test_x' });
  const clientId = '0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d';

  // @ts-expect-error missing X-Client-Id on a client-scoped call
  await client.connections.get('c', {});
  // @ts-expect-error no options at all on a client-scoped call
  await client.transactions.list('a');
  // @ts-expect-error iterate needs the client too
  client.transactions.iterate('a', { limit: 10 });
  // @ts-expect-error a field the operation does not have
  await client.clients.create({ email: 'a@example.com', countryCode: 'CZ', nickname: 'x' });
  // @ts-expect-error a required field missing (returnUrl)
  await client.connectSessions.create({ locale: 'en' }, { clientId });
  // @ts-expect-error a field of the wrong type
  await client.providers.list({ limit: '10' });
  // @ts-expect-error an outcome the sandbox does not know
  await client.sandbox.completeConnection('c', { outcome: 'Maybe' }, { clientId });
  // @ts-expect-error a misspelt option
  createClient({ baseUrl: 'http://localhost:3000', apiKey: 'k', retry: 2 });

  const page = await client.transactions.list('a', { clientId, limit: 10 });
  // @ts-expect-error the page has no `items`
  page.items;

  const event: WebhookEvent = verifyWebhook(rawBody, headers, 'whsec_x');
  if (event.type === 'TransactionsFetchingProgress') {
    const stage: 'Started' | 'InProgress' | 'Completed' = event.data.stage;
    // @ts-expect-error progress events carry no error
    event.data.error;
    return stage;
  }
  if (event.type === 'ConnectionRefreshFailed') return event.data.error.code;
  // @ts-expect-error `data.error` exists only on failure events, so it is not on the union
  return event.data.error;
}
