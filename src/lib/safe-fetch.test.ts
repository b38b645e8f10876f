import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { assertPublicUrl, createSafeDispatcher, isPublicAddress, UnsafeUrlError } from './safe-fetch.ts';

// No test needs the internet: IP literals skip DNS, `localhost` resolves locally, and the
// `rebind.test` host below is answered by these mocks (public at check time, loopback at connect
// time), everything else goes to the real resolver.
const REBIND_HOST = 'rebind.test';
const promisesLookup = vi.hoisted(() => ({ spy: null as Mock | null }));
vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = vi.fn((hostname: string, options: object) =>
    hostname === REBIND_HOST ? Promise.resolve([{ address: '93.184.216.34', family: 4 }]) : actual.lookup(hostname, options as { all: true }),
  );
  promisesLookup.spy = lookup;
  return { ...actual, default: { ...actual, lookup }, lookup };
});
vi.mock('node:dns', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns')>();
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (hostname !== REBIND_HOST) return (actual.lookup as (...args: unknown[]) => void)(hostname, options, callback);
    const answer = [{ address: '127.0.0.1', family: 4 }];
    process.nextTick(() => ((options as { all?: boolean }).all ? callback(null, answer) : callback(null, '127.0.0.1', 4)));
  }) as typeof actual.lookup;
  return { ...actual, default: { ...actual, lookup }, lookup };
});

describe('isPublicAddress', () => {
  // [address, public?], both sides of each range boundary.
  const table: [string, boolean][] = [
    // 0.0.0.0/8 "this network"
    ['0.0.0.0', false], ['0.255.255.255', false], ['1.0.0.0', true],
    // 10/8 private
    ['9.255.255.255', true], ['10.0.0.0', false], ['10.255.255.255', false], ['11.0.0.0', true],
    // 100.64/10 carrier-grade NAT
    ['100.63.255.255', true], ['100.64.0.0', false], ['100.127.255.255', false], ['100.128.0.0', true],
    // 127/8 loopback
    ['126.255.255.255', true], ['127.0.0.0', false], ['127.0.0.1', false], ['127.255.255.255', false], ['128.0.0.0', true],
    // 169.254/16 link-local (cloud metadata)
    ['169.253.255.255', true], ['169.254.0.0', false], ['169.254.169.254', false], ['169.254.255.255', false], ['169.255.0.0', true],
    // 172.16/12 private
    ['172.15.255.255', true], ['172.16.0.0', false], ['172.31.255.255', false], ['172.32.0.0', true],
    // 192.0.0/24 IETF protocol assignments; 192.0.2/24 TEST-NET-1
    ['191.255.255.255', true], ['192.0.0.0', false], ['192.0.0.255', false], ['192.0.1.0', true], ['192.0.2.1', false], ['192.0.3.0', true],
    // 192.168/16 private
    ['192.167.255.255', true], ['192.168.0.0', false], ['192.168.255.255', false], ['192.169.0.0', true],
    // 198.18/15 benchmarking
    ['198.17.255.255', true], ['198.18.0.0', false], ['198.19.255.255', false], ['198.20.0.0', true],
    // 224/4 multicast, 240/4 reserved, broadcast
    ['223.255.255.255', true], ['224.0.0.0', false], ['239.255.255.255', false], ['240.0.0.0', false], ['255.255.255.254', false], ['255.255.255.255', false],
    // ordinary public IPv4
    ['1.1.1.1', true], ['8.8.8.8', true], ['93.184.216.34', true],
    // :: unspecified and ::1 loopback; ::/96 IPv4-compatible (deprecated)
    ['::', false], ['::1', false], ['0:0:0:0:0:0:0:1', false], ['::127.0.0.1', false], ['::8.8.8.8', false],
    // only global unicast 2000::/3 can be public
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', false], ['2000::', true], ['3ffe:ffff::1', true], ['4000::', false],
    // fc00::/7 unique local
    ['fbff:ffff::1', false], ['fc00::', false], ['fd12:3456::1', false], ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', false],
    // fe80::/10 link-local (incl. a zone id), fec0::/10 deprecated site-local
    ['fe80::', false], ['fe80::1', false], ['febf:ffff::1', false], ['fe80::1%eth0', false], ['fec0::1', false],
    // ff00::/8 multicast
    ['ff00::', false], ['ff02::1', false], ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', false],
    // 2001:db8::/32 documentation (and 2001::/23 protocol assignments such as Teredo around it)
    ['2001:db8::', false], ['2001:db8::1', false], ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', false], ['2001:db9::1', true],
    ['2001::1', false], ['2001:1ff:ffff::1', false], ['2001:200::1', true],
    // 3fff::/20 documentation (RFC 9637)
    ['3fff::1', false], ['3fff:fff::1', false], ['3fff:1000::1', true],
    // IPv4-mapped IPv6: judged by the embedded IPv4, in every spelling
    ['::ffff:127.0.0.1', false], ['::ffff:7f00:1', false], ['::FFFF:7F00:0001', false], ['0:0:0:0:0:ffff:7f00:1', false], ['0::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false], ['::ffff:8.8.8.8', true], ['::ffff:93.184.216.34', true], ['::ffff:0:127.0.0.1', false],
    // 64:ff9b::/96 NAT64 with an embedded IPv4
    ['64:ff9b::10.0.0.1', false], ['64:ff9b::a00:1', false], ['64:ff9b:0:0:0:0:a00:1', false], ['0064:ff9b::127.0.0.1', false],
    ['64:ff9b::8.8.8.8', true], ['64:ff9b::808:808', true], ['64:ff9b:1::808:808', false],
    // 2002::/16 6to4 with an embedded IPv4
    ['2002:7f00:1::1', false], ['2002:a00:1::', false], ['2002:808:808::1', true],
    // ordinary public IPv6
    ['2606:4700::1111', true], ['2a00:1450:4001::200e', true], ['2606:4700::1111%eth0', false],
    // not an IP address
    ['', false], ['localhost', false], ['1.2.3', false], ['010.0.0.1', false], ['[::1]', false], [' 8.8.8.8', false], ['8.8.8.8.', false],
  ];
  it.each(table)('%s → public %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('assertPublicUrl', () => {
  beforeEach(() => {
    promisesLookup.spy?.mockClear();
  });

  it.each([
    ['http://127.0.0.1/', 'loopback IPv4 literal'],
    ['http://127.0.0.1:8080/hook', 'loopback with a port'],
    ['http://[::1]/', 'loopback IPv6 literal'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://0x7f.1/', 'hex shorthand that WHATWG URL turns into 127.0.0.1'],
    ['http://2130706433/', 'decimal 127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://10.1.2.3/', 'private'],
    ['http://[fe80::1]/', 'link-local IPv6'],
  ])('refuses %s (%s) without DNS', async (url) => {
    await expect(assertPublicUrl(url)).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(promisesLookup.spy).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to loopback (localhost)', async () => {
    await expect(assertPublicUrl('http://localhost/')).rejects.toThrow(/non-public address/);
    await expect(assertPublicUrl('http://localhost:3000/hook')).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it.each(['ftp://x', 'ftp://93.184.216.34/', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://93.184.216.34/', 'nonsense', ''])('refuses %s (scheme or syntax)', async (url) => {
    await expect(assertPublicUrl(url)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('accepts public IP literals without DNS', async () => {
    await expect(assertPublicUrl('http://93.184.216.34/')).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://93.184.216.34:8443/hook?x=1')).resolves.toBeUndefined();
    await expect(assertPublicUrl('https://[2606:4700::1111]/hook')).resolves.toBeUndefined();
    expect(promisesLookup.spy).not.toHaveBeenCalled();
  });

  it('accepts a name whose every address is public (mocked resolver)', async () => {
    await expect(assertPublicUrl(`https://${REBIND_HOST}/hook`)).resolves.toBeUndefined();
    expect(promisesLookup.spy).toHaveBeenCalledWith(REBIND_HOST, expect.objectContaining({ all: true }));
  });

  it('carries a reason', async () => {
    const error = await assertPublicUrl('ftp://x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect((error as UnsafeUrlError).reason).toMatch(/ftp/);
  });
});

describe('createSafeDispatcher', () => {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  let port = 0;
  let live: Dispatcher;
  let sandbox: Dispatcher;

  beforeAll(async () => {
    [live, sandbox] = await Promise.all([createSafeDispatcher({ allowPrivate: false }), createSafeDispatcher({ allowPrivate: true })]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await Promise.all([live.close(), sandbox.close()]);
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits = 0;
  });

  it('refuses a name that resolves to loopback at connect time (live)', async () => {
    await expect(request(`http://localhost:${port}/`, { dispatcher: live })).rejects.toThrow(/non-public address/);
    const error = await request(`http://localhost:${port}/`, { dispatcher: live }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(hits).toBe(0);
  });

  it('refuses private IP literals, which never go through DNS (live)', async () => {
    await expect(request(`http://127.0.0.1:${port}/`, { dispatcher: live })).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(request(`http://[::ffff:127.0.0.1]:${port}/`, { dispatcher: live })).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(request(`http://0x7f.1:${port}/`, { dispatcher: live })).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(hits).toBe(0);
  });

  it('refuses a DNS answer that changed after assertPublicUrl (rebinding)', async () => {
    const url = `http://${REBIND_HOST}:${port}/`;
    await expect(assertPublicUrl(url)).resolves.toBeUndefined(); // public when the endpoint was set…
    await expect(request(url, { dispatcher: live })).rejects.toThrow(/127\.0\.0\.1/); // …loopback when delivering
    expect(hits).toBe(0);
  });

  it('connects to private addresses when allowed (sandbox)', async () => {
    const byName = await request(`http://localhost:${port}/`, { dispatcher: sandbox });
    expect(await byName.body.text()).toBe('ok');
    const byIp = await request(`http://127.0.0.1:${port}/`, { dispatcher: sandbox });
    expect(await byIp.body.text()).toBe('ok');
    expect(hits).toBe(2);
  });
});
