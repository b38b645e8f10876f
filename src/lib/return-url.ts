/**
 * Return-URL patterns for connect sessions: a session's returnUrl must match one of the partner's
 * registered patterns (design doc: "exact scheme and host, `*` only as a whole path suffix, a
 * leading `*.` subdomain label, or a whole port (`:*`); no open redirects").
 *
 * Pattern forms:
 * - `https://app.example.com/callback`  exact scheme, host, port and path
 * - `https://*.example.com/bank/*`      one or more subdomain labels of example.com (never
 *                                       example.com itself), any path under /bank/
 * - `http://localhost:*` + `/*`         any port (including none/the default), any path
 * - `myapp://bank-callback`, `com.example.app:/oauth/*`  custom schemes: exact scheme, exact host
 *                                       (may be empty), exact port, path by the same rules
 *
 * Matching is done on WHATWG-parsed components, never on the raw string: scheme, ASCII-serialised
 * hostname, port (default ports elided) and the normalised path. The query of the URL is ignored
 * (partners keep state there), and so is the fragment of an http(s) URL; a custom-scheme URL with
 * a fragment never matches (browsers read some fragments as instructions: Chrome's
 * `intent://…#Intent;package=…;end` launches any app). Patterns may contain neither.
 */
import { isIP } from 'node:net';
import { getDomain } from 'tldts';

const MAX_LENGTH = 2048;
/**
 * Schemes that are never return targets: script and document schemes, Android's app launchers
 * (`intent:`, `android-app:`: the URL names the app to start, so a pattern cannot pin it), and
 * schemes that call, text or mail someone.
 */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'intent', 'android-app', 'tel', 'sms', 'mms', 'mailto', 'callto']);
/** WHATWG special schemes other than file (forbidden above): they always have a DNS/IP host. */
const SPECIAL_SCHEMES = new Set(['http', 'https', 'ws', 'wss', 'ftp']);
/** Schemes whose patterns may use a `*.` host label or a `:*` port. */
const WEB_SCHEMES = new Set(['http', 'https']);
/**
 * Public suffixes come from the maintained Public Suffix List (tldts), private section included:
 * `*.` over a suffix shared by unrelated owners (`co.uk`, `gov.cz`, `herokuapp.com`, `github.io`)
 * would let anyone's site receive users.
 */
const PSL_OPTIONS = { allowPrivateDomains: true } as const;

interface CompiledPattern {
  /** `https:`, `myapp:` (as URL#protocol serialises it). */
  protocol: string;
  /** ASCII-serialised hostname; for a wildcard pattern the domain under the `*.` label. */
  hostname: string;
  /** True for `*.domain`: one or more labels in front of `hostname`. */
  subdomains: boolean;
  /** URL#port form (`''` for none/default), or null for `:*` (any port, including none). */
  port: string | null;
  /** The normalised path; with `pathPrefix` it ends in `/` and the URL's path must start with it. */
  pathname: string;
  pathPrefix: boolean;
}

const hasControlOrSpace = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
};

/**
 * `%2F`, `%5C` or `%2E` (any case): an encoded slash, backslash or dot, or `%25` (an encoded `%`,
 * so that a double-encoded `%252F` cannot turn into a separator in a receiver that decodes twice).
 */
const hasEncodedSeparator = (path: string): boolean => /%(?:2f|5c|2e|25)/i.test(path);

const hasDotSegment = (path: string): boolean => path.split('/').some((segment) => segment === '.' || segment === '..');

/** A parsed special-scheme hostname: an IP literal, or dot-separated non-empty DNS-ish labels (no trailing dot). */
function isPlainHostname(hostname: string): boolean {
  if (isIP(hostname) === 4) return true;
  if (hostname.startsWith('[') && hostname.endsWith(']')) return isIP(hostname.slice(1, -1)) === 6;
  if (hostname.length === 0 || hostname.length > 253) return false;
  return hostname.split('.').every((label) => label.length > 0 && label.length <= 63 && /^[a-z0-9_-]+$/.test(label));
}

/** Parses `scheme`, `//authority` and path out of a raw pattern string; URL parsing follows in compile(). */
function compile(pattern: unknown): CompiledPattern | string {
  if (typeof pattern !== 'string' || pattern.length === 0) return 'must be a non-empty string';
  if (pattern.length > MAX_LENGTH) return `must be at most ${MAX_LENGTH} characters`;
  if (hasControlOrSpace(pattern)) return 'must not contain whitespace or control characters';
  if (pattern.includes('\\')) return 'must not contain backslashes';
  if (pattern === '*' || pattern === '*://*' || pattern === '*:*') return 'a bare * would match any URL';

  const colon = pattern.indexOf(':');
  if (colon <= 0) return 'must start with a scheme (https://… or myapp://…)';
  const rawScheme = pattern.slice(0, colon);
  if (rawScheme.includes('*')) return 'wildcards are not allowed in the scheme';
  if (!/^[a-z][a-z0-9+.-]*$/i.test(rawScheme)) return `"${rawScheme}" is not a valid scheme`;
  const scheme = rawScheme.toLowerCase();
  if (FORBIDDEN_SCHEMES.has(scheme)) return `the ${scheme}: scheme is not allowed`;
  const web = WEB_SCHEMES.has(scheme);
  const special = SPECIAL_SCHEMES.has(scheme);

  let rest = pattern.slice(colon + 1);
  const queryAt = rest.search(/[?#]/);
  if (queryAt >= 0) {
    return rest.slice(queryAt).includes('*')
      ? 'wildcards are not allowed in the query or fragment'
      : 'must not contain a query or fragment (they are ignored when matching)';
  }

  let authority: string | null = null;
  if (rest.startsWith('//')) {
    const pathAt = rest.indexOf('/', 2);
    authority = pathAt < 0 ? rest.slice(2) : rest.slice(2, pathAt);
    rest = pathAt < 0 ? '' : rest.slice(pathAt);
  } else if (special) {
    return `must be ${scheme}://host[:port][/path]`;
  }
  const path = rest;

  let host = '';
  let port = '';
  if (authority !== null) {
    if (authority.includes('@')) return 'must not contain user info (user@host)';
    if (authority.startsWith('[')) {
      const close = authority.indexOf(']');
      if (close < 0) return 'has an unterminated IPv6 address';
      host = authority.slice(0, close + 1);
      const after = authority.slice(close + 1);
      if (after !== '' && !after.startsWith(':')) return 'has characters after the IPv6 address';
      port = after.slice(1);
    } else {
      const portAt = authority.lastIndexOf(':');
      host = portAt < 0 ? authority : authority.slice(0, portAt);
      port = portAt < 0 ? '' : authority.slice(portAt + 1);
    }
  }
  if (special && host === '') return 'must name a host';
  if (host.endsWith('.')) return 'the host must not end with a dot';

  let subdomains = false;
  if (host.includes('*')) {
    if (host === '*') return 'a * host would match any host';
    if (!host.startsWith('*.') || host.slice(2).includes('*')) return "* in the host is allowed only as a leading '*.' label";
    if (!web) return "a '*.' host wildcard is allowed only in http(s) patterns";
    subdomains = true;
    host = host.slice(2);
  }
  if (port.includes('*')) {
    if (port !== '*') return '* in the port must be the whole port (:*)';
    if (!web) return 'a :* port wildcard is allowed only in http(s) patterns';
  } else if (authority !== null && authority.lastIndexOf(':') > authority.lastIndexOf(']') && port === '') {
    return 'has an empty port';
  }

  let pathPrefix = false;
  let concretePath = path;
  if (path.includes('*')) {
    if (path.indexOf('*') !== path.length - 1 || !path.endsWith('/*')) return '* in the path is allowed only as a trailing /* suffix';
    pathPrefix = true;
    concretePath = path.slice(0, -1);
  }
  if (hasEncodedSeparator(path)) return 'the path must not contain encoded slashes, backslashes, dots or percent signs (%2F, %5C, %2E, %25)';
  if (hasDotSegment(path)) return 'the path must not contain . or .. segments';

  const concrete = `${scheme}:${authority === null ? '' : `//${host}${port && port !== '*' ? `:${port}` : ''}`}${concretePath}`;
  let parsed: URL;
  try {
    parsed = new URL(concrete);
  } catch {
    return 'is not a valid URL pattern';
  }
  if (parsed.username !== '' || parsed.password !== '') return 'must not contain user info (user@host)';
  if (parsed.search !== '' || parsed.hash !== '') return 'must not contain a query or fragment (they are ignored when matching)';
  if (special) {
    if (parsed.hostname.endsWith('.')) return 'the host must not end with a dot';
    if (!isPlainHostname(parsed.hostname)) return `"${parsed.hostname}" is not a valid host name`;
  }
  if (subdomains) {
    const labels = parsed.hostname.split('.');
    if (parsed.hostname.startsWith('[') || isIP(parsed.hostname) !== 0 || /^[0-9]+$/.test(labels[labels.length - 1] ?? '')) {
      return "a '*.' wildcard cannot cover an IP address";
    }
    if (labels.length < 2) return `"*.${parsed.hostname}" would cover a whole public suffix; name at least two labels after "*."`;
    if (getDomain(parsed.hostname, PSL_OPTIONS) === null) return `"*.${parsed.hostname}" would cover a public suffix shared by unrelated owners`;
  }
  // The normalised path must still be the prefix the partner wrote (no surprises from normalisation).
  if (pathPrefix && !parsed.pathname.endsWith('/')) return 'is not a valid URL pattern';
  return {
    protocol: parsed.protocol,
    hostname: parsed.hostname,
    subdomains,
    port: port === '*' ? null : parsed.port,
    pathname: parsed.pathname,
    pathPrefix,
  };
}

/**
 * The partner's returnUrl with the spec's query values set (connectionId, resultCode, sessionId,
 * error; undefined ones are left out), for the redirect that ends a journey.
 */
export function returnUrlWithResult(returnUrl: string, result: { connectionId?: string | null; resultCode: 'Ok' | 'Error' | 'Cancelled'; sessionId?: string | null; error?: string | null }): string {
  const url = new URL(returnUrl);
  if (result.connectionId) url.searchParams.set('connectionId', result.connectionId);
  url.searchParams.set('resultCode', result.resultCode);
  if (result.sessionId) url.searchParams.set('sessionId', result.sessionId);
  if (result.error) url.searchParams.set('error', result.error);
  return url.toString();
}

/**
 * True when `url` is not a URL, or uses a scheme no return URL may have (javascript:, data:,
 * file:, vbscript:, blob:, about:, intent:, tel:, mailto: and the other non-navigating ones):
 * for return URLs that need no registered pattern (direct flow).
 */
export function hasForbiddenScheme(url: string): boolean {
  if (!URL.canParse(url)) return true;
  return FORBIDDEN_SCHEMES.has(new URL(url).protocol.slice(0, -1));
}

/**
 * Checks a return-URL pattern a partner wants to register. Returns null when it is acceptable,
 * else a human-readable reason (for a 400 validation_error on `returnUrlPatterns`).
 *
 * Refused: `*` anywhere except a leading `*.` host label (http/https only, at least two labels
 * after it, and not itself a public suffix of the Public Suffix List, private domains included), a whole `:*` port (http/https only) or a
 * trailing `/*` path suffix; a bare `*`; wildcards in the scheme; user info; any query or fragment;
 * encoded `/`, `\`, `.`, `%` or dot segments in the path; backslashes, whitespace, control characters;
 * trailing-dot hosts; the javascript:, data:, file:, vbscript:, blob:, about:, intent:,
 * android-app:, tel:, sms:, mms:, mailto: and callto: schemes; patterns longer than 2048 characters.
 */
export function validateReturnUrlPattern(pattern: string): string | null {
  const compiled = compile(pattern);
  return typeof compiled === 'string' ? compiled : null;
}

/**
 * True when `url` is an acceptable return URL under `pattern` (see the module comment for the
 * pattern forms). Never throws: an invalid pattern, a non-URL string, a URL over 2048
 * characters, with user info, whitespace/control characters or backslashes, a trailing-dot host,
 * an http(s) URL without `//`, a forbidden scheme, or a custom-scheme URL with a fragment (`#`)
 * simply does not match. Compares the
 * WHATWG-parsed scheme, ASCII hostname (a `*.` pattern needs one or more labels in front of its
 * domain), port (default ports elided; `:*` matches any) and normalised path (exact, or for a
 * `/*` pattern a prefix, in which case a path holding %2F, %5C, %2E or %25 is refused). The URL's
 * query, and an http(s) URL's fragment, are ignored.
 */
export function matchesReturnUrl(url: string, pattern: string): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_LENGTH) return false;
  if (hasControlOrSpace(url) || url.includes('\\')) return false;
  const compiled = compile(pattern);
  if (typeof compiled === 'string') return false;

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (FORBIDDEN_SCHEMES.has(scheme)) return false;
  if (parsed.protocol !== compiled.protocol) return false;
  if (!SPECIAL_SCHEMES.has(scheme) && url.includes('#')) return false;

  // User info of any kind, even an empty `https://@host/` (the raw check only ever refuses).
  if (parsed.username !== '' || parsed.password !== '') return false;
  const afterScheme = url.slice(url.indexOf(':') + 1);
  // `https:host/x` parses, but a browser resolves it relative to the current page: refuse it.
  if (SPECIAL_SCHEMES.has(scheme) && !afterScheme.startsWith('//')) return false;
  if (afterScheme.startsWith('//')) {
    const end = afterScheme.slice(2).search(/[/?#]/);
    const authority = end < 0 ? afterScheme.slice(2) : afterScheme.slice(2, 2 + end);
    if (authority.includes('@')) return false;
  }

  const hostname = parsed.hostname;
  if (hostname.endsWith('.')) return false;
  if (SPECIAL_SCHEMES.has(scheme) && !isPlainHostname(hostname)) return false;
  if (compiled.subdomains) {
    const suffix = `.${compiled.hostname}`;
    if (!hostname.endsWith(suffix)) return false;
    const labels = hostname.slice(0, -suffix.length);
    if (labels.length === 0 || labels.split('.').some((label) => label.length === 0)) return false;
  } else if (hostname !== compiled.hostname) {
    return false;
  }

  if (compiled.port !== null && parsed.port !== compiled.port) return false;

  const pathname = parsed.pathname;
  if (!compiled.pathPrefix) return pathname === compiled.pathname;
  if (!pathname.startsWith(compiled.pathname)) return false;
  if (hasEncodedSeparator(pathname) || hasDotSegment(pathname)) return false;
  return true;
}

/**
 * True when `url` matches at least one of `patterns` (matchesReturnUrl each); false for an empty
 * list. Used to accept a connect session's returnUrl (else 400 validation_error). Never throws.
 */
export function matchesAnyReturnUrl(url: string, patterns: string[]): boolean {
  if (!Array.isArray(patterns)) return false;
  return patterns.some((pattern) => matchesReturnUrl(url, pattern));
}
