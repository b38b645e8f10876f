/**
 * Baseline "hand-written route": `GET /v1/accounts/:accountId/transactions` on a bare Fastify
 * app doing what the service does for list-transactions with `pg` directly and nothing else:
 *
 *   1. API-key lookup: SHA-256 of X-Api-Key, one query joining api_keys and partners (active key
 *      only, same columns as the service), constant-time hash comparison, mode from the prefix;
 *      in the same round trip the request is counted in the key's one-second rate-limit window
 *      (rate_limit_counters upsert, as the service does without REDIS_URL), with the same
 *      RateLimit-Policy / RateLimit headers and a 429 past the limit;
 *   2. the keyset page query, `LIMIT $5` (limit + 1 rows), ORDER BY record_date DESC, id DESC,
 *      with the client/account/mode ownership check in the same query (EXISTS), as the service
 *      does; an empty page checks ownership on its own (404 for another's account). Written as
 *      one would by hand, with the LIMIT a parameter: PostgreSQL then plans it on every execution
 *      (custom plans; pg_stat_statements counts a plan per call), which the service avoids by
 *      capping the range with a literal (accounts.repository.ts `pageTransactions`);
 *   3. the same JSON: {limit, nextCursor, data: [{id, amount, currencyCode, recordState,
 *      recordDate, note, counterParty, details}]}.
 *
 * The three queries are named prepared statements (parsed and planned once per connection), as
 * the service's hot queries are. Its cursor is the base64url JSON of the last row's
 * [recordDate, id], i.e. the service's cursor without the HMAC tag. No request id, no schema
 * validation, no logging.
 * Env: DATABASE_URL, PORT. Prints "ready" when listening.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// Same pool size as `bankdata serve` (BANKDATA_DB_POOL_SIZE, default 10).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BANKDATA_DB_POOL_SIZE ?? 10) });
const app = Fastify();

const AUTH = `WITH k AS (
    SELECT p.*, k.id AS key_id, k.mode AS key_mode, k.key_hash, k.hint, k.created_at AS key_created_at, k.revoked_at
    FROM api_keys k JOIN partners p ON p.id = k.partner_id
    WHERE k.key_hash = $1 AND k.revoked_at IS NULL),
  c AS (
    INSERT INTO rate_limit_counters (key_id, window_start, count) SELECT k.key_id, $2, 1 FROM k
    ON CONFLICT (key_id, window_start) DO UPDATE SET count = rate_limit_counters.count + 1 RETURNING count)
  SELECT k.*, c.count AS requests_in_window FROM k LEFT JOIN c ON true`;
const DEFAULT_RATE_LIMIT = Number(process.env.BANKDATA_RATE_LIMIT ?? 100);
const OWNED = `EXISTS (SELECT 1 FROM accounts a JOIN connections c ON c.id = a.connection_id
  WHERE a.id = $1 AND a.partner_id = $2 AND a.client_id = $3 AND c.mode = $4)`;
const COLUMNS = 'id, amount, currency_code, record_state, record_date, note, counter_party, details';
const FIRST_PAGE = `SELECT ${COLUMNS} FROM transactions WHERE account_id = $1 AND ${OWNED}
  ORDER BY record_date DESC, id DESC LIMIT $5`;
const NEXT_PAGE = `SELECT ${COLUMNS} FROM transactions WHERE account_id = $1 AND ${OWNED} AND (record_date, id) < ($6, $7)
  ORDER BY record_date DESC, id DESC LIMIT $5`;
const KEY = /^svc_(test|live)_[0-9A-Za-z]{32}$/;

const fail = (reply: { status(code: number): { send(body: unknown): unknown } }, status: number, code: string) => reply.status(status).send({ error: { code } });

app.get('/v1/accounts/:accountId/transactions', async (request, reply) => {
  const rawKey = request.headers['x-api-key'];
  const clientId = request.headers['x-client-id'];
  if (typeof rawKey !== 'string' || typeof clientId !== 'string') return fail(reply, 401, 'unauthorized');
  const prefix = KEY.exec(rawKey);
  if (!prefix) return fail(reply, 401, 'unauthorized');
  const mode = prefix[1] === 'test' ? 'sandbox' : 'live';
  const hash = createHash('sha256').update(rawKey).digest('hex');
  const now = Date.now();
  const windowStart = Math.floor(now / 1000);
  const auth = await pool.query({ name: 'auth', text: AUTH, values: [hash, windowStart] });
  const key = auth.rows[0];
  if (!key || !timingSafeEqual(Buffer.from(key.key_hash, 'hex'), Buffer.from(hash, 'hex')) || key.key_mode !== mode) return fail(reply, 401, 'unauthorized');
  const rateLimit = key.rate_limit ?? DEFAULT_RATE_LIMIT;
  const count = Number(key.requests_in_window);
  reply.header('ratelimit-policy', `"default";q=${rateLimit};w=1`);
  reply.header('ratelimit', `"default";r=${Math.max(0, rateLimit - count)};t=${Math.max(1, Math.ceil(windowStart + 1 - now / 1000))}`);
  if (count > rateLimit) return fail(reply, 429, 'rate_limited');

  const { accountId } = request.params as { accountId: string };
  const query = request.query as { limit?: string; nextCursor?: string };
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) return fail(reply, 400, 'validation_error');
  let after: [string, string] | null = null;
  if (query.nextCursor) {
    try {
      after = JSON.parse(Buffer.from(query.nextCursor, 'base64url').toString('utf8')) as [string, string];
    } catch {
      return fail(reply, 400, 'validation_error');
    }
  }
  const params = [accountId, key.id, clientId, mode, limit + 1];
  const rows = (after ? await pool.query({ name: 'next-page', text: NEXT_PAGE, values: [...params, after[0], after[1]] }) : await pool.query({ name: 'first-page', text: FIRST_PAGE, values: params })).rows;
  if (rows.length === 0) {
    const owned = await pool.query(`SELECT ${OWNED} AS owned`, [accountId, key.id, clientId, mode]);
    if (!owned.rows[0].owned) return fail(reply, 404, 'not_found');
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    limit,
    nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify([last.record_date.toISOString(), last.id])).toString('base64url') : null,
    data: page.map((t) => ({
      id: t.id,
      amount: t.amount,
      currencyCode: t.currency_code,
      recordState: t.record_state,
      recordDate: t.record_date.toISOString(),
      note: t.note,
      counterParty: t.counter_party,
      details: t.details,
    })),
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');

const shutdown = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
