/**
 * @bankdata/client: a typed TypeScript client of the bankdata API (README.md).
 */
export { createClient, type BankdataClient, type ClientOptions, type ClientScope, type CreateOptions, type BodyOf, type QueryOf } from './client.js';
export type { Account, Connection, ConnectSession, Provider, Transaction } from './client.js';
export { BankdataError, codeOfStatus, type BankdataErrorFields } from './errors.js';
export { defaultRetryPolicy, type FetchFunction, type RetryPolicy } from './retry.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventOf, type WebhookEventType, type WebhookHeaders } from './webhooks.js';
export type { components, paths, webhooks } from './schema.js';
