/**
 * Issue 14, item 6: webhook secrets are encrypted at rest under the operator's key and stay
 * retrievable; migration 0017 seals the plain rows of older databases (and the code still reads
 * one left plain); a process with another key refuses to start; a key rotation with
 * BANKDATA_SECRET_KEY_PREVIOUS and `secrets reencrypt` keeps every secret.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { sealedWebhookSecrets } from '../src/db/migrations/0017_sealed_webhook_secrets.ts';
import { SecretKeys } from '../src/lib/secret-keys.ts';
import { partnersService } from '../src/modules/partners/partners.service.ts';
import { createServices } from '../src/services.ts';
import { cloneTemplate, startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
const testKey = Buffer.from(TEST_SECRET_KEY, 'base64');

beforeAll(async () => {
  t = await startTestApp();
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const storedRows = async (db = t.db) => (await sql<{ row: string; secret: string | null; sealed: Buffer | null }>`SELECT s::text AS row, secret, secret_sealed AS sealed FROM webhook_secrets s`.execute(db)).rows;

/** Services on `databaseUrl` with `keys` (as a separate process would have). */
async function servicesWith(databaseUrl: string, keys: SecretKeys) {
  const db = createDb(databaseUrl, 2);
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', BANKDATA_SECRET_KEY: TEST_SECRET_KEY });
  try {
    const services = await createServices({ db, databaseUrl, clock: t.clock, config, secretKeys: keys });
    return { services, db, async close() { await services.stop(); await db.destroy(); } };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

describe('webhook secrets at rest', () => {
  it('stores secrets sealed, shows them, and signs deliveries that verify with them', async () => {
    const partner = await t.newPartner({ name: 'Sealed' });
    const { secret } = await t.services.webhooks.setEndpoint(partner.partnerId, 'sandbox', receiver.url);
    const rotated = await t.services.webhooks.rotateSecret(partner.partnerId, 'sandbox', '1h');
    for (const row of await storedRows()) {
      expect(row.secret).toBeNull();
      expect(row.row).not.toContain(secret.slice(6, 20));
      expect(row.row).not.toContain(rotated.secret.slice(6, 20));
    }
    const shown = await t.services.webhooks.show(partner.partnerId, 'sandbox');
    expect(shown.secrets.map((s) => s.secret)).toEqual([rotated.secret, secret]);

    const clientId = await t.newClient(partner.apiKey);
    const id = await connect(t, partner.apiKey, clientId);
    await receiver.waitFor(() => receiver.received.some((r) => r.json.data.connectionId === id && r.json.type === 'ConnectionCreateSuccess'));
    const delivery = receiver.received.find((r) => r.json.data.connectionId === id)!;
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toEqual(delivery.json);
    expect(new Webhook(rotated.secret).verify(delivery.body, delivery.headers)).toEqual(delivery.json);
  });

  it('a process with another key refuses to start on this database', async () => {
    await expect(servicesWith(t.databaseUrl, new SecretKeys(randomBytes(32), null, 'test'))).rejects.toThrow(/not the one this database's webhook secrets are encrypted with/);
  });
});

describe('migration 0017 and key rotation', () => {
  it('seals plain rows, still reads one left plain, and its down migration restores them', async () => {
    const databaseUrl = await cloneTemplate();
    const db = createDb(databaseUrl, 2);
    const keys = new SecretKeys(testKey, null, 'test');
    try {
      const migration = sealedWebhookSecrets(keys);
      await migration.down!(db as unknown as Kysely<unknown>);
      await sql`DELETE FROM kysely_migration WHERE name = '0017_sealed_webhook_secrets'`.execute(db);
      const { partner } = await partnersService(db, t.clock).create({ name: 'Before 0017' });
      await sql`INSERT INTO webhook_secrets (id, partner_id, mode, secret, created_at) VALUES (gen_random_uuid(), ${partner.id}, 'sandbox', 'whsec_b2xkLXBsYWluLXNlY3JldA==', now())`.execute(db);
      // Without the key, a database with secrets cannot take 0017.
      await expect(migrateToLatest(db)).rejects.toThrow(/needs the secret key/);
      expect(await migrateToLatest(db, keys)).toEqual(['0017_sealed_webhook_secrets']);
      const [row] = await storedRows(db);
      expect(row!.secret).toBeNull();
      expect(row!.row).not.toContain('b2xkLXBsYWluLXNlY3JldA');

      const opened = await servicesWith(databaseUrl, keys);
      expect((await opened.services.webhooks.show(partner.id, 'sandbox')).secrets[0]!.secret).toBe('whsec_b2xkLXBsYWluLXNlY3JldA==');
      // A row left plain (written by an older process during a rolling upgrade) is still read.
      await sql`UPDATE webhook_secrets SET secret = 'whsec_bGVmdC1wbGFpbg==', secret_sealed = NULL`.execute(db);
      expect((await opened.services.webhooks.show(partner.id, 'sandbox')).secrets[0]!.secret).toBe('whsec_bGVmdC1wbGFpbg==');
      await opened.close();

      await migration.down!(db as unknown as Kysely<unknown>);
      expect((await sql<{ secret: string }>`SELECT secret FROM webhook_secrets`.execute(db)).rows[0]!.secret).toBe('whsec_bGVmdC1wbGFpbg==');
    } finally {
      await db.destroy();
    }
  });

  it('rotates the key: the previous key opens old secrets until "secrets reencrypt", then the new key alone suffices', async () => {
    const databaseUrl = await cloneTemplate();
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = await servicesWith(databaseUrl, new SecretKeys(oldKey, null, 'old'));
    const { partner } = await before.services.partners.create({ name: 'Rotating' });
    const { secret } = await before.services.webhooks.setEndpoint(partner.id, 'sandbox', receiver.url);
    await before.close();

    await expect(servicesWith(databaseUrl, new SecretKeys(newKey, null, 'new'))).rejects.toThrow(/BANKDATA_SECRET_KEY_PREVIOUS/);
    const during = await servicesWith(databaseUrl, new SecretKeys(newKey, oldKey, 'new'));
    expect((await during.services.webhooks.show(partner.id, 'sandbox')).secrets[0]!.secret).toBe(secret);
    expect(await during.services.webhooks.reencryptSecrets()).toEqual({ reencrypted: 1, unchanged: 0 });
    expect(await during.services.webhooks.reencryptSecrets()).toEqual({ reencrypted: 0, unchanged: 1 });
    await during.close();

    const after = await servicesWith(databaseUrl, new SecretKeys(newKey, null, 'new'));
    expect((await after.services.webhooks.show(partner.id, 'sandbox')).secrets[0]!.secret).toBe(secret);
    await after.close();
    await expect(servicesWith(databaseUrl, new SecretKeys(oldKey, null, 'old'))).rejects.toThrow(/not the one/);
  });
});
