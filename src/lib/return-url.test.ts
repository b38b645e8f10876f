import fc from 'fast-check';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { matchesAnyReturnUrl, matchesReturnUrl, validateReturnUrlPattern } from './return-url.ts';

describe('validateReturnUrlPattern', () => {
  it('accepts each documented pattern form', () => {
    for (const pattern of [
      'https://app.example.com/callback',
      'https://app.example.com',
      'https://*.example.com/bank/*',
      'https://*.eu.example.com/*',
      'http://localhost:*/*',
      'http://localhost:3000/cb',
      'http://127.0.0.1:*/*',
      'http://[::1]:*/*',
      'https://bücher.example/cb', // IDN host, stored as punycode
      'https://links.example.com/app/*', // universal/app link: an https pattern like any other
      'myapp://bank-callback',
      'myapp://bank-callback/*',
      'com.example.app:/oauth/*',
      'com.example.app:/oauth/done',
      'https://*.example.co.uk/*', // a registrable domain under a ccTLD second level
      'https://*.partner.github.io/*', // one owner's site on a hosting domain
    ]) {
      expect(validateReturnUrlPattern(pattern), pattern).toBeNull();
    }
  });

  it.each([
    ['*', 'bare *'],
    ['*://*', 'bare * for scheme and host'],
    ['https://*', 'whole host wildcard'],
    ['https://*/cb', 'whole host wildcard with a path'],
    ['http*://app.example.com/', 'wildcard in the scheme'],
    ['*://app.example.com/', 'wildcard scheme'],
    ['https://app*.example.com/', '* inside a label'],
    ['https://*example.com/', '* not followed by a dot: would match evilexample.com'],
    ['https://app.*.example.com/', '* in a middle label'],
    ['https://*.*.example.com/', 'two wildcard labels'],
    ['https://example.*/', '* as the TLD'],
    ['https://*.com/', '*. over a single-label public suffix'],
    ['https://*.localhost/*', '*. over a single label'],
    ['https://*.co.uk/', '*. over a known multi-label public suffix'],
    ['https://*.herokuapp.com/*', '*. over shared hosting: anyone could receive users'],
    // The Public Suffix List (tldts), not a hand-written list: ccTLD second levels...
    ['https://*.com.au/', '*. over a ccTLD second level (Australia)'],
    ['https://*.gov.cz/', '*. over a ccTLD second level (Czech government)'],
    ['https://*.co.jp/', '*. over a ccTLD second level (Japan)'],
    ['https://*.kawasaki.jp/', '*. over a wildcard PSL rule (*.kawasaki.jp)'],
    ['https://*.org.pl/', '*. over a ccTLD second level (Poland)'],
    // ...and its private section: hosting domains where anyone can have a subdomain.
    ['https://*.vercel.app/*', '*. over hosting: Vercel'],
    ['https://*.github.io/*', '*. over hosting: GitHub Pages'],
    ['https://*.s3.amazonaws.com/*', '*. over hosting: S3 buckets'],
    ['https://*.onrender.com/*', '*. over hosting: Render'],
    ['https://*.1.2.3/', '*. over (part of) an IP address'],
    ['http://localhost:8*/', 'partial port wildcard'],
    ['https://app.example.com/cb*', '* not a whole path segment suffix'],
    ['https://app.example.com/*/cb', '* in the middle of the path'],
    ['https://app.example.com/a/*/*', 'two path wildcards'],
    ['https://app.example.com/cb?state=*', 'query wildcard'],
    ['https://app.example.com/cb#*', 'fragment wildcard'],
    ['https://app.example.com/cb?x=1', 'literal query (ignored when matching, so misleading)'],
    ['https://user@app.example.com/', 'user info'],
    ['https://app.example.com@evil.com/', 'user info hiding the real host'],
    ['https://app.example.com./cb', 'trailing-dot host'],
    ['https://app.example.com/a%2F..%2Fb', 'encoded slash and dots in the path'],
    ['https://app.example.com/a/../b', 'dot segment in the path'],
    ['https://app.example.com\\cb', 'backslash'],
    ['https://app.example.com/c b', 'whitespace'],
    ['javascript:alert(1)', 'javascript: scheme'],
    ['JavaScript://app.example.com/%0aalert(1)', 'javascript: scheme in mixed case'],
    ['data:text/html,hi', 'data: scheme'],
    ['file:///etc/passwd', 'file: scheme'],
    ['vbscript:msgbox', 'vbscript: scheme'],
    ['intent://scan/*', 'intent: scheme (the fragment names the app Chrome starts)'],
    ['INTENT://scan/', 'intent: scheme in upper case'],
    ['android-app://com.example.app/https/app.example.com/*', 'android-app: scheme'],
    ['tel:+420123456789', 'tel: scheme'],
    ['sms:+420123456789', 'sms: scheme'],
    ['mms:+420123456789', 'mms: scheme'],
    ['mailto:support@example.com', 'mailto: scheme'],
    ['callto:someone', 'callto: scheme'],
    ['myapp://bank-callback#done', 'custom scheme with a fragment'],
    ['myapp://*.example.com/', 'host wildcard in a custom scheme (hosts there are compared exactly)'],
    ['myapp:*', 'custom scheme with a bare * path'],
    ['https:app.example.com/cb', 'special scheme without //'],
    ['https:///cb', 'no host'],
    ['app.example.com/cb', 'no scheme'],
    ['', 'empty'],
    [`https://app.example.com/${'a'.repeat(2048)}`, 'longer than 2048 characters'],
  ])('refuses %s (%s)', (pattern) => {
    expect(validateReturnUrlPattern(pattern)).toEqual(expect.any(String));
  });
});

describe('matchesReturnUrl', () => {
  it.each([
    // exact pattern
    ['https://app.example.com/callback', 'https://app.example.com/callback'],
    ['https://app.example.com/callback?state=abc&x=1#frag', 'https://app.example.com/callback'], // query and fragment ignored
    ['HTTPS://APP.Example.COM/callback', 'https://app.example.com/callback'], // scheme and host case
    ['https://app.example.com:443/callback', 'https://app.example.com/callback'], // default port elided
    ['https://app.example.com/callback', 'https://app.example.com:443/callback'],
    ['https://app.example.com', 'https://app.example.com'],
    ['https://app.example.com/', 'https://app.example.com'],
    ['https://xn--bcher-kva.example/cb', 'https://bücher.example/cb'], // IDN pattern vs its punycode
    ['https://bücher.example/cb', 'https://bücher.example/cb'],
    // *. subdomain wildcard
    ['https://a.example.com/bank/x', 'https://*.example.com/bank/*'],
    ['https://a.b.example.com/bank/x/y', 'https://*.example.com/bank/*'], // more than one label
    ['https://a.example.com/bank/', 'https://*.example.com/bank/*'],
    // path prefix
    ['https://app.example.com/bank/done?code=1', 'https://app.example.com/bank/*'],
    ['https://app.example.com/bank/caf%C3%A9', 'https://app.example.com/bank/*'], // encoded non-separators are fine
    ['https://app.example.com/any/thing', 'https://app.example.com/*'],
    // whole-port wildcard
    ['http://localhost:3000/cb', 'http://localhost:*/*'],
    ['http://localhost/cb', 'http://localhost:*/*'], // no port
    ['http://localhost:8080/', 'http://localhost:*/*'],
    ['http://[::1]:5173/cb', 'http://[::1]:*/*'],
    // custom schemes and app links
    ['myapp://bank-callback', 'myapp://bank-callback'],
    ['myapp://bank-callback?state=1', 'myapp://bank-callback'],
    ['MyApp://bank-callback', 'myapp://bank-callback'], // schemes are case-insensitive
    ['myapp://bank-callback/done', 'myapp://bank-callback/*'],
    ['com.example.app:/oauth/redirect?code=1', 'com.example.app:/oauth/*'],
    ['com.example.app:/oauth/done', 'com.example.app:/oauth/done'],
    ['https://links.example.com/app/open', 'https://links.example.com/app/*'], // universal link
  ])('matches %s against %s', (url, pattern) => {
    expect(matchesReturnUrl(url, pattern)).toBe(true);
  });

  it.each([
    // user info tricks
    ['https://app.example.com@evil.com/', 'https://app.example.com/*', 'pattern host as user info, real host evil.com'],
    ['https://evil.com\\@app.example.com/', 'https://app.example.com/*', 'backslash makes evil.com the host, @app… the path'],
    ['https://user:pass@app.example.com/cb', 'https://app.example.com/cb', 'credentials on the right host'],
    ['https://user@app.example.com/cb', 'https://app.example.com/cb', 'username only'],
    ['https://@app.example.com/cb', 'https://app.example.com/cb', 'empty user info'],
    ['https://app.example.com%40evil.com/', 'https://app.example.com/*', 'encoded @ in the host'],
    ['https://app.example.com:443@evil.com/', 'https://app.example.com/*', 'pattern host and port as user info'],
    ['https://app.example.com:@evil.com/', 'https://app.example.com/*', 'pattern host with an empty password'],
    ['https://app.example.com%2F@evil.com/', 'https://app.example.com/*', 'encoded slash in user info'],
    ['https://evil.com#@app.example.com/', 'https://app.example.com/*', '@ after the fragment mark: host is evil.com'],
    ['https://evil.com?@app.example.com/', 'https://app.example.com/*', '@ after the query mark: host is evil.com'],
    ['https://evil.com/@app.example.com/', 'https://app.example.com/*', '@ in the path: host is evil.com'],
    // look-alike hosts
    ['https://app.example.com.evil.com/', 'https://app.example.com/*', 'pattern host as a subdomain of evil.com'],
    ['https://evilexample.com/', 'https://*.example.com/*', 'suffix without a label boundary'],
    ['https://example.com.evil.com/', 'https://*.example.com/*', 'wildcard domain as a prefix'],
    ['https://xn--pp-6kc.example.com/cb', 'https://app.example.com/cb', 'Cyrillic а homograph (punycode)'],
    ['https://аpp.example.com/cb', 'https://app.example.com/cb', 'Cyrillic а homograph (Unicode)'],
    ['https://app.exаmple.com/cb', 'https://*.example.com/*', 'homograph in the registrable domain'],
    ['https://app.example.co/cb', 'https://app.example.com/cb', 'different TLD'],
    ['https://app.example.com\u3002evil.com/', 'https://app.example.com/*', 'ideographic full stop, parsed as a dot'],
    ['https://app.example.com\uff0eevil.com/', 'https://app.example.com/*', 'full-width dot, parsed as a dot'],
    ['https://APP.EXAMPLE.COM.evil.com/', 'https://app.example.com/*', 'upper-case pattern host under evil.com'],
    ['https://app-example.com/', 'https://app.example.com/*', 'hyphen for dot'],
    ['https://xn--80ak6aa92e.com/', 'https://apple.com/*', 'whole-script Cyrillic look-alike (punycode)'],
    ['http://127.0.0.1:3000/', 'http://localhost:*/*', 'loopback address for localhost'],
    ['http://localhost.:3000/', 'http://localhost:*/*', 'trailing-dot localhost'],
    ['https://*.example.com/cb', 'https://*.example.com/*', 'literal * host'],
    ['https://a..example.com/cb', 'https://*.example.com/*', 'empty label'],
    // *. does not cover the bare domain
    ['https://example.com/bank/x', 'https://*.example.com/bank/*', 'bare domain under *.'],
    ['https://.example.com/bank/x', 'https://*.example.com/bank/*', 'empty wildcard label'],
    // trailing-dot hosts
    ['https://app.example.com./cb', 'https://app.example.com/cb', 'trailing-dot host'],
    ['https://a.example.com./bank/x', 'https://*.example.com/bank/*', 'trailing-dot host under a wildcard'],
    // encoded slashes and dot segments
    ['https://app.example.com/callback%2F..%2Fadmin', 'https://app.example.com/*', 'encoded slashes and dots'],
    ['https://app.example.com/bank/x%2f..%2f..%2fadmin', 'https://app.example.com/bank/*', 'lower-case encoded slashes'],
    ['https://app.example.com/bank/%5C..%5Cadmin', 'https://app.example.com/bank/*', 'encoded backslashes'],
    ['https://app.example.com/bank/%2e%2e/admin', 'https://app.example.com/bank/*', 'encoded dot segment, normalised away to /admin'],
    ['https://app.example.com/bank/%2E./x', 'https://app.example.com/bank/*', 'mixed encoded dot segment'],
    ['https://app.example.com/bank/x%252F..%252Fadmin', 'https://app.example.com/bank/*', 'double-encoded slashes'],
    ['https://app.example.com/bank/../admin', 'https://app.example.com/bank/*', 'dot segment, normalised to /admin'],
    ['https://app.example.com/%2F%2Fevil.com', 'https://app.example.com/*', 'encoded scheme-relative path'],
    ['https://app.example.com/callback%2f', 'https://app.example.com/callback', 'encoded slash after an exact path'],
    ['https://app.example.com/bank/..%2fadmin', 'https://app.example.com/bank/*', 'dot segment with an encoded slash'],
    ['https://app.example.com/callback/../admin', 'https://app.example.com/callback', 'dot segment under an exact path'],
    ['https://app.example.com/bank', 'https://app.example.com/bank/*', '/bank/* needs the slash'],
    ['https://app.example.com/bankrupt', 'https://app.example.com/bank/*', 'prefix without a segment boundary'],
    ['com.example.app:/oauth/../admin', 'com.example.app:/oauth/*', 'dot segment in a custom scheme'],
    ['myapp:oauth/../x', 'myapp:oauth/*', 'dot segment in an opaque path (not normalised)'],
    // backslashes
    ['https://app.example.com\\evil.com/', 'https://app.example.com/*', 'backslash in the authority'],
    ['https://app.example.com/bank\\..\\admin', 'https://app.example.com/bank/*', 'backslash path traversal'],
    ['myapp://bank-callback/a\\b', 'myapp://bank-callback/*', 'backslash in a custom scheme path'],
    // scheme changes
    ['http://app.example.com/callback', 'https://app.example.com/callback', 'downgrade to http'],
    ['https://localhost:3000/', 'http://localhost:*/*', 'upgrade is a different scheme too'],
    ['wss://app.example.com/callback', 'https://app.example.com/callback', 'other special scheme'],
    ['myapp2://bank-callback', 'myapp://bank-callback', 'similar custom scheme'],
    ['ftp://app.example.com/callback', 'https://app.example.com/callback', 'ftp for https'],
    ['https://app.example.com/cb', 'http://app.example.com/cb', 'upgrade to https of an http pattern'],
    ['http://localhost:3000/cb', 'https://localhost:*/*', 'downgrade under a port wildcard'],
    ['myapp:bank-callback', 'myapp://bank-callback', 'custom scheme without // (path, not host)'],
    ['blob:https://app.example.com/uuid', 'https://app.example.com/*', 'blob: wrapping the pattern URL'],
    ['https:app.example.com/callback', 'https://app.example.com/callback', 'special scheme without // (relative in browsers)'],
    ['https:/app.example.com/callback', 'https://app.example.com/callback', 'special scheme with one slash'],
    // port changes
    ['https://app.example.com:8443/callback', 'https://app.example.com/callback', 'non-default port'],
    ['https://app.example.com:80/callback', 'https://app.example.com/callback', 'http port on https'],
    ['http://localhost:3000/cb', 'http://localhost:4000/cb', 'other explicit port'],
    // javascript and friends
    ['javascript:alert(1)', 'https://app.example.com/*', 'javascript: URL'],
    ['javascript://app.example.com/%0aalert(1)', 'javascript://app.example.com/*', 'javascript: URL shaped like the pattern'],
    ['data:text/html,<script>alert(1)</script>', 'https://app.example.com/*', 'data: URL'],
    ['file:///etc/passwd', 'https://app.example.com/*', 'file: URL'],
    // app launchers and contact schemes, even under a (stored, now invalid) pattern of their own
    ['intent://scan/x#Intent;package=com.evil;end', 'intent://scan/*', 'intent: URL whose fragment picks the app'],
    ['intent://scan/#Intent;scheme=https;package=com.evil;S.browser_fallback_url=https%3A%2F%2Fevil.com;end', 'intent://scan/*', 'intent: URL with a fallback URL'],
    ['intent://scan/x', 'intent://scan/*', 'intent: URL without a fragment'],
    ['android-app://com.evil/https/app.example.com/x', 'android-app://com.example.app/https/app.example.com/*', 'android-app: URL naming another app'],
    ['tel:+420123456789', 'tel:+420123456789', 'tel: URL'],
    ['sms:+420123456789?body=hi', 'sms:+420123456789', 'sms: URL'],
    ['mailto:support@example.com', 'mailto:support@example.com', 'mailto: URL'],
    // custom-scheme URLs with a fragment
    ['myapp://bank-callback#Intent;package=com.evil;end', 'myapp://bank-callback', 'custom scheme with an intent-like fragment'],
    ['myapp://bank-callback/done#x', 'myapp://bank-callback/*', 'custom scheme path with a fragment'],
    ['myapp://bank-callback#', 'myapp://bank-callback', 'custom scheme with an empty fragment'],
    ['com.example.app:/oauth/done#frag', 'com.example.app:/oauth/*', 'reverse-domain scheme with a fragment'],
    // custom schemes: host compared exactly
    ['myapp://evil/bank-callback', 'myapp://bank-callback/*', 'other host'],
    ['myapp://Bank-Callback', 'myapp://bank-callback', 'opaque hosts are case-sensitive'],
    ['com.example.app://evil/oauth/x', 'com.example.app:/oauth/*', 'host added where the pattern has none'],
    ['myapp://bank-callback/', 'myapp://bank-callback', 'extra path on an exact pattern'],
    // control characters, whitespace, length, non-URLs
    ['https://app.exa\tmple.com/cb', 'https://app.example.com/cb', 'tab, which URL parsing strips'],
    ['https://app.example.com/cb\r\nSet-Cookie:x', 'https://app.example.com/*', 'CRLF header injection'],
    [' https://app.example.com/cb', 'https://app.example.com/cb', 'leading space'],
    [`https://app.example.com/bank/${'a'.repeat(2048)}`, 'https://app.example.com/bank/*', 'longer than 2048 characters'],
    ['app.example.com/cb', 'https://app.example.com/*', 'not an absolute URL'],
    ['//app.example.com/cb', 'https://app.example.com/*', 'scheme-relative'],
    ['/cb', 'https://app.example.com/*', 'path only'],
    ['', 'https://app.example.com/*', 'empty'],
    ['not a url', 'https://app.example.com/*', 'garbage'],
    // invalid patterns never match
    ['https://anything.com/', '*', 'bare * pattern'],
    ['https://evil.com/', 'https://*', 'whole-host wildcard pattern'],
    ['https://evil.com/', 'https://*.com/*', 'public-suffix wildcard pattern'],
  ])('refuses %s against %s (%s)', (url, pattern) => {
    expect(matchesReturnUrl(url, pattern)).toBe(false);
  });

  it('length limit: 2048 characters match, 2049 do not', () => {
    const base = 'https://app.example.com/bank/';
    expect(matchesReturnUrl(base + 'a'.repeat(2048 - base.length), 'https://app.example.com/bank/*')).toBe(true);
    expect(matchesReturnUrl(base + 'a'.repeat(2049 - base.length), 'https://app.example.com/bank/*')).toBe(false);
  });

  it('never throws on non-string input from untyped callers', () => {
    expect(matchesReturnUrl(undefined as unknown as string, 'https://a.example.com/*')).toBe(false);
    expect(matchesReturnUrl('https://a.example.com/', null as unknown as string)).toBe(false);
    expect(matchesAnyReturnUrl('https://a.example.com/', undefined as unknown as string[])).toBe(false);
  });
});

describe('matchesAnyReturnUrl', () => {
  const patterns = ['https://app.example.com/callback', 'https://*.example.com/bank/*', 'myapp://bank-callback'];
  it('matches when any pattern does, and never with no patterns', () => {
    expect(matchesAnyReturnUrl('https://eu.example.com/bank/x', patterns)).toBe(true);
    expect(matchesAnyReturnUrl('myapp://bank-callback?s=1', patterns)).toBe(true);
    expect(matchesAnyReturnUrl('https://app.example.com/other', patterns)).toBe(false);
    expect(matchesAnyReturnUrl('https://app.example.com/callback', [])).toBe(false);
  });
});

describe('properties', () => {
  const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
  const tld = fc.constantFrom('com', 'net', 'org', 'io', 'cz', 'sk', 'de', 'example');
  // A registrable domain, not a public suffix of the list's private section ("cn.com", "eu.org" are suffixes there).
  const registrable = fc
    .tuple(label, tld)
    .map(([name, top]) => `${name}.${top}`)
    .filter((domain) => getDomain(domain, { allowPrivateDomains: true }) === domain);
  const subdomain = fc.array(label, { maxLength: 3 }).map((labels) => labels.map((l) => `${l}.`).join(''));
  const path = fc.webPath();
  const patternsFor = (domain: string) => [
    `https://${domain}/`,
    `https://${domain}/*`,
    `https://*.${domain}/*`,
    `https://app.${domain}/cb`,
    `http://${domain}:*/*`,
    `https://*.${domain}/bank/*`,
  ];

  it('a URL on one registrable domain never matches a pattern for another', () => {
    fc.assert(
      fc.property(
        registrable,
        registrable,
        subdomain,
        path,
        fc.constantFrom('http', 'https'),
        fc.webQueryParameters(),
        (host, other, sub, urlPath, scheme, query) => {
          fc.pre(host !== other);
          const url = `${scheme}://${sub}${host}${urlPath}?${query}`;
          for (const pattern of patternsFor(other)) expect(matchesReturnUrl(url, pattern), `${url} vs ${pattern}`).toBe(false);
          // ...and evil prefixes/suffixes around the other domain do not help either.
          for (const trick of [`${scheme}://${other}.${host}${urlPath}`, `${scheme}://${other}@${host}${urlPath}`, `${scheme}://${host}${other}${urlPath}`]) {
            expect(matchesAnyReturnUrl(trick, [`https://${other}/*`, `https://*.${other}/*`, `http://${other}:*/*`]), trick).toBe(false);
          }
        },
      ),
    );
  });

  it('a URL on a registered host and path prefix does match (sanity)', () => {
    fc.assert(
      fc.property(registrable, label, fc.array(label, { maxLength: 4 }), (domain, sub, segments) => {
        const url = `https://${sub}.${domain}/bank/${segments.join('/')}`;
        expect(matchesReturnUrl(url, `https://*.${domain}/bank/*`), url).toBe(true);
        expect(matchesReturnUrl(`https://${domain}/bank/${segments.join('/')}`, `https://*.${domain}/bank/*`)).toBe(false);
      }),
    );
  });

  it('matchesReturnUrl and validateReturnUrlPattern never throw', () => {
    const hostile = fc.constantFrom('@', '\\', '%2F', '%2e', '..', '*', ':', '//', '#', '?', '[', ']', '%00', '\u0000', '\n', 'а', '．', '。', '%40');
    const mutated = fc
      .tuple(fc.webUrl({ withQueryParameters: true, withFragments: true }), hostile, fc.nat())
      .map(([url, insert, at]) => {
        const i = at % (url.length + 1);
        return url.slice(0, i) + insert + url.slice(i);
      });
    const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webUrl(), mutated);
    const anyPattern = fc.oneof(anyString, fc.constantFrom('https://*.example.com/*', 'http://localhost:*/*', 'myapp://cb', 'com.example.app:/oauth/*'));
    fc.assert(
      fc.property(anyString, anyPattern, (url, pattern) => {
        expect(typeof matchesReturnUrl(url, pattern)).toBe('boolean');
        const reason = validateReturnUrlPattern(pattern);
        expect(reason === null || typeof reason === 'string').toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
