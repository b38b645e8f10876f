/**
 * `GET /`: a small HTML page linking the API reference (/docs), the OpenAPI document
 * (/openapi.json) and, when a `/portal` route is registered, the partner portal. No external
 * asset: it renders with the network off.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const homePagePlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const portal = app.hasRoute({ method: 'GET', url: '/portal' }) ? '<li><a href="/portal">Partner portal</a>: API keys, webhooks, return URLs, activity</li>' : '';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>bankdata</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1f24}a{color:#0b57d0}code{background:#f2f4f7;padding:0 .25rem}</style>
</head><body>
<h1>bankdata <small>${options.version}</small></h1>
<p>Partner bank-data service: clients, bank connections, accounts, transactions and signed webhooks.</p>
<ul>
<li><a href="/docs">API reference</a></li>
<li><a href="/openapi.json">OpenAPI 3.1 document</a> (<code>openapi.json</code>)</li>
${portal}</ul>
<p>TypeScript: <code>npm install @bankdata/client</code>.</p>
</body></html>
`);
  });
});
