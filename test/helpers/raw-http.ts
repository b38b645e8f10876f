/**
 * Raw HTTP/1.1 over a socket, for requests fetch() will not send (bytes that are not UTF-8, NUL,
 * oversized request lines, malformed headers, duplicate headers): one request per connection.
 */
import { connect } from 'node:net';

export interface RawReply {
  status: number;
  /** Lower-cased header names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON when the content type says JSON, else undefined. */
  json: any;
}

/**
 * Sends `head` (request line and headers, without the blank line; `Host`, `Connection: close` and
 * a `Content-Length` for `body` are added) and `body`, and reads the whole answer.
 */
export function rawRequest(baseUrl: string, head: string, body: Buffer | string = Buffer.alloc(0)): Promise<RawReply> {
  const { hostname, port } = new URL(baseUrl);
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const lines = `${head}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n${payload.length > 0 ? `Content-Length: ${payload.length}\r\n` : ''}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 && !done ? finish() : reject(error)));
    socket.on('close', finish);
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer within 15 s to ${head.split('\r\n')[0]}`)));
    socket.write(Buffer.concat([Buffer.from(lines, 'latin1'), payload]));
    let done = false;
    function finish(): void {
      if (done) return;
      done = true;
      const raw = Buffer.concat(chunks).toString('latin1');
      const split = raw.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(raw.slice(0, 200))}`));
      const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let bytes = raw.slice(split + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) bytes = unchunk(bytes);
      const text = Buffer.from(bytes, 'latin1').toString('utf8');
      let json: unknown;
      if ((headers['content-type'] ?? '').includes('json') && text) json = JSON.parse(text);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, text, json });
    }
  });
}

/** Joins the chunks of a chunked body (a latin1 string, one character per byte). */
function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Asserts the error envelope with the response's X-Request-Id; returns error.code. */
export function envelopeCode(reply: RawReply): string {
  const body = reply.json as { error?: { code?: string }; requestId?: string; errorDesc?: string } | undefined;
  const requestId = reply.headers['x-request-id'];
  if (!body?.error?.code || typeof body.errorDesc !== 'string' || !requestId || body.requestId !== requestId) {
    throw new Error(`${reply.status} is not an error envelope with X-Request-Id: ${JSON.stringify(reply.headers)} ${reply.text.slice(0, 300)}`);
  }
  return body.error.code;
}
