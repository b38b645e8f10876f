/**
 * A partner's web app for browser tests of the hosted pages and the portal's branding: serves
 * `/logo.svg` (a square SVG logo, the partner's branding) and a "Back in the app" page on every
 * other path (where the hosted flow returns). `origin` is `http://localhost:<port>`: another
 * origin than the service's 127.0.0.1, as a real partner app is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#0b7a75"/><path d="M18 40l10-18 8 12 6-8 6 14z" fill="#fff"/></svg>';

/** Starts the partner app on a free port; `close()` it after the tests. */
export async function startPartnerApp(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/logo.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LOGO);
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Back in the app</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}
