/**
 * Outbound HTTP to partner-chosen addresses (DESIGN.md §6, §8): live webhook endpoints must
 * resolve to public addresses, checked when an endpoint is set (assertPublicUrl) and again on
 * every connection (createSafeDispatcher's connector and lookup), so a DNS answer that changes in
 * between (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Dispatcher } from 'undici';
import { loadUndici } from './undici.ts';

/** Thrown for a URL or address that outbound requests may not reach; `reason` is human-readable. */
export class UnsafeUrlError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnsafeUrlError';
  }
}

/** IPv4 ranges that are not globally reachable unicast (IANA special-purpose registry, multicast, reserved). */
const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including 255.255.255.255 broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

/** Non-public ranges inside global unicast 2000::/3 (everything outside 2000::/3 is refused outright). */
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID…
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/**
 * The eight 16-bit groups of an IPv6 address that net.isIP accepts (so the syntax is already
 * validated; `::` and a dotted IPv4 tail are expanded). Null for anything else, including zone ids.
 */
function ipv6Groups(ip: string): number[] | null {
  if (isIP(ip) !== 6 || ip.includes('%')) return null;
  const groups = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((piece) => {
      if (isIP(piece) !== 4) return [parseInt(piece, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const gap = ip.indexOf('::');
  const head = groups(gap < 0 ? ip : ip.slice(0, gap));
  const tail = gap < 0 ? [] : groups(ip.slice(gap + 2));
  const zeros = 8 - head.length - tail.length;
  if (zeros < 0 || (gap < 0 && zeros !== 0)) return null;
  return [...head, ...new Array<number>(zeros).fill(0), ...tail];
}

const dottedQuad = (high: number, low: number): string => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * True for a globally routable unicast address; false for loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved, documentation and benchmarking ranges, and for anything
 * that is not an IP address (including IPv6 with a zone id).
 *
 * IPv4: refuses 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24,
 * 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4 (incl.
 * 255.255.255.255). IPv6: only 2000::/3 can be public (so ::, ::1, ::/96, fc00::/7, fe80::/10,
 * fec0::/10, ff00::/8, 100::/64 are refused), minus 2001::/23, 2001:db8::/32, 3fff::/20; an IPv4
 * address embedded in ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96 (translated), 64:ff9b::/96 (NAT64)
 * or 2002::/16 (6to4) is judged by the IPv4 rules, in any spelling of the IPv6 address.
 */
export function isPublicAddress(ip: string): boolean {
  if (typeof ip !== 'string') return false;
  const family = isIP(ip);
  if (family === 4) return !blockedV4.check(ip, 'ipv4');
  const g = ipv6Groups(ip);
  if (family !== 6 || !g) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return isPublicAddress(dottedQuad(g6, g7)); // ::ffff:a.b.c.d
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isPublicAddress(dottedQuad(g6, g7)); // ::ffff:0:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicAddress(dottedQuad(g6, g7)); // 64:ff9b::a.b.c.d
  if (g0 === 0x2002) return isPublicAddress(dottedQuad(g1, g2)); // 6to4
  if ((g0 & 0xe000) !== 0x2000) return false;
  return !blockedV6.check(ip, 'ipv6');
}

/** The hostname of a parsed URL without IPv6 brackets. */
const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves `url`'s host and throws UnsafeUrlError unless it may be called from live mode: the
 * scheme must be http or https, and an IP-literal host (no DNS needed) or every A/AAAA record
 * of a named host (node:dns/promises lookup, `all: true`) must be public (isPublicAddress). A
 * host that does not resolve is refused too. This is the check when an endpoint is set; the
 * dispatcher repeats it for every connection.
 */
export async function assertPublicUrl(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError('not an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UnsafeUrlError(`scheme ${parsed.protocol} is not allowed`);
  const host = bareHostname(parsed);
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new UnsafeUrlError(`${host} is not a public address`);
    return;
  }
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    throw new UnsafeUrlError(`${host} does not resolve${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`${host} does not resolve`);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused !== undefined) throw new UnsafeUrlError(`${host} resolves to the non-public address ${refused}`);
}

/**
 * A net/tls `lookup` that resolves every address of the host and fails with UnsafeUrlError when
 * any of them is not public; answers in the shape the caller asked for (`all` or first address).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const reason = refused ? `${hostname} resolves to the non-public address ${refused.address}` : `${hostname} does not resolve`;
      return callback(new UnsafeUrlError(reason), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
};

/**
 * An undici Agent for outbound requests (pass as `dispatcher`). With `allowPrivate: false` (live
 * mode) every new connection is checked when it is made: an IP-literal host must be public, and a
 * named host is resolved through a lookup that refuses the connection if any resolved address is
 * not public; the request then rejects with UnsafeUrlError. So a DNS answer that changes after
 * assertPublicUrl (rebinding) is still refused. With `allowPrivate: true` (sandbox) it is a plain
 * Agent. Timeouts are the caller's concern. Loads undici (~1 MB of code) on the first call, so
 * the service starts without it.
 */
export async function createSafeDispatcher(options: { allowPrivate: boolean }): Promise<Dispatcher> {
  const { Agent, buildConnector } = await loadUndici();
  if (options.allowPrivate) return new Agent({ connections: 64 });
  const connect = buildConnector({ lookup: publicOnlyLookup });
  return new Agent({
    connections: 64,
    connect: (connectOptions, callback) => {
      // undici passes IPv6 literals without brackets; net.connect skips `lookup` for IP literals.
      const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !isPublicAddress(host)) return callback(new UnsafeUrlError(`${host} is not a public address`), null);
      return connect(connectOptions, callback);
    },
  });
}
