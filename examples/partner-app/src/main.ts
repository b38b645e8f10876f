/**
 * Starts the example partner app from the environment: BANKDATA_URL (default
 * http://localhost:3000), BANKDATA_API_KEY, BANKDATA_WEBHOOK_SECRET (required) and PORT (4000).
 */
import { buildPartnerApp } from './app.ts';

const port = Number(process.env.PORT ?? 4000);
const apiKey = process.env.BANKDATA_API_KEY;
const webhookSecret = process.env.BANKDATA_WEBHOOK_SECRET;
if (!apiKey || !webhookSecret) {
  console.error('Set BANKDATA_API_KEY and BANKDATA_WEBHOOK_SECRET (see README.md)');
  process.exit(1);
}
const publicUrl = `http://localhost:${port}`;
const app = await buildPartnerApp({ bankdataUrl: process.env.BANKDATA_URL ?? 'http://localhost:3000', apiKey, webhookSecret, publicUrl });
await app.listen({ port, host: '127.0.0.1' });
console.log(`Partner app at ${publicUrl}: open ${publicUrl}/connect?user=alice`);
process.once('SIGTERM', () => void app.close());
process.once('SIGINT', () => void app.close());
