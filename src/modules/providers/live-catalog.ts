/**
 * The live provider catalog file (issue 13; docs/live.md "Onboarding a bank: the catalog"): a JSON
 * array of banks the operator connects through the Berlin Group NextGenPSD2 interface, checked
 * entry by entry (TypeBox schema, then the rules a schema cannot say: a sandbox `_xf` code, a
 * known country and time zone, no code twice, certificate files that exist and can be read) and
 * completed with the defaults (status Active, time zone of the country, XS2A_DEFAULTS).
 */
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { XS2A_DEFAULTS, type Xs2aConfig } from '../../banks/berlin-group/config.ts';
import type { ProviderStatus } from '../../db/schema.ts';
import { isCountryCode } from '../../lib/iso.ts';

const PemFile = Type.String({ minLength: 1, description: 'path of a PEM file (relative to the catalog file)' });
const HttpUrl = Type.String({ format: 'uri', pattern: '^https?://' });

const CatalogEntry = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{1,63}$' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    countryCode: Type.String({ pattern: '^[A-Z]{2}$' }),
    bicCodes: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$' }), { maxItems: 20 })),
    timeZone: Type.Optional(Type.String({ minLength: 1 })),
    status: Type.Optional(Type.Union([Type.Literal('Active'), Type.Literal('Inactive'), Type.Literal('Hidden'), Type.Literal('Disabled')])),
    logoUrl: Type.Optional(HttpUrl),
    connector: Type.Literal('berlin-group'),
    xs2a: Type.Object(
      {
        baseUrl: HttpUrl,
        consentModel: Type.Optional(Type.Union([Type.Literal('allAccounts'), Type.Literal('availableAccounts'), Type.Literal('bankOffered')])),
        frequencyPerDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        maxConsentDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
        historyDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 730 })),
        tls: Type.Optional(Type.Object({ certFile: PemFile, keyFile: PemFile, caFile: Type.Optional(PemFile) }, { additionalProperties: false })),
        signing: Type.Optional(Type.Object({ certFile: PemFile, keyFile: PemFile }, { additionalProperties: false })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const checkEntry = Compile(CatalogEntry);

/** A live provider as the catalog defines it, with every default applied and certificate paths absolute. */
export interface LiveProviderEntry {
  code: string;
  name: string;
  countryCode: string;
  bicCodes: string[];
  timeZone: string;
  status: ProviderStatus;
  logoUrl: string | null;
  connector: 'berlin-group';
  xs2a: Xs2aConfig;
}

/** What is wrong with one entry of the file (`index` counts from 0; `code` when the entry has one). */
export interface CatalogProblem {
  index: number;
  code: string | null;
  errors: string[];
}

/** The IANA time zones of a country (first = its main one), from the runtime's ICU data. */
function countryTimeZones(countryCode: string): string[] {
  const locale = new Intl.Locale('und', { region: countryCode }) as Intl.Locale & { timeZones?: string[]; getTimeZones?: () => string[] };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The certificate files an Xs2aConfig names, as [field, path]. */
export function certificateFiles(xs2a: Pick<Xs2aConfig, 'tls' | 'signing'>): [string, string][] {
  const files: [string, string | undefined][] = [
    ['xs2a.tls.certFile', xs2a.tls?.certFile],
    ['xs2a.tls.keyFile', xs2a.tls?.keyFile],
    ['xs2a.tls.caFile', xs2a.tls?.caFile],
    ['xs2a.signing.certFile', xs2a.signing?.certFile],
    ['xs2a.signing.keyFile', xs2a.signing?.keyFile],
  ];
  return files.filter((f): f is [string, string] => typeof f[1] === 'string');
}

/** Problems with the certificate files of `xs2a` (missing or unreadable), one message per file. */
export function certificateProblems(xs2a: Pick<Xs2aConfig, 'tls' | 'signing'>): string[] {
  return certificateFiles(xs2a).flatMap(([field, path]) => {
    try {
      accessSync(path, constants.R_OK);
      return [];
    } catch {
      return [`${field}: file ${path} does not exist or cannot be read`];
    }
  });
}

/**
 * Parses and checks a catalog file's text. `baseDir` resolves relative certificate paths (the
 * file's folder). Answers every valid entry with its defaults, and every problem per entry; the
 * caller imports nothing when there is any problem. A text that is not a JSON array is one
 * problem with index -1.
 */
export function parseLiveCatalog(text: string, baseDir: string): { entries: LiveProviderEntry[]; problems: CatalogProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { entries: [], problems: [{ index: -1, code: null, errors: [`not JSON: ${(error as Error).message}`] }] };
  }
  if (!Array.isArray(data)) return { entries: [], problems: [{ index: -1, code: null, errors: ['the catalog must be a JSON array of providers'] }] };
  const entries: LiveProviderEntry[] = [];
  const problems: CatalogProblem[] = [];
  const seen = new Set<string>();
  data.forEach((raw: unknown, index) => {
    const code = typeof (raw as { code?: unknown })?.code === 'string' ? (raw as { code: string }).code : null;
    const errors = checkEntry.Check(raw) ? [] : [...checkEntry.Errors(raw)].map((e) => `${e.instancePath || '(entry)'}: ${e.message}`);
    if (code?.endsWith('_xf')) errors.push(`code: ${code} ends in _xf, which marks sandbox providers; live codes must not`);
    if (code && seen.has(code)) errors.push(`code: ${code} appears more than once in the file`);
    if (code) seen.add(code);
    if (errors.length) return void problems.push({ index, code, errors });
    const entry = raw as Static<typeof CatalogEntry>;
    if (!isCountryCode(entry.countryCode)) errors.push(`countryCode: ${entry.countryCode} is not an ISO 3166-1 alpha-2 country`);
    const timeZone = entry.timeZone ?? countryTimeZones(entry.countryCode)[0];
    if (!timeZone) errors.push(`timeZone: no default for country ${entry.countryCode}; give an IANA time zone`);
    else if (!isTimeZone(timeZone)) errors.push(`timeZone: ${timeZone} is not an IANA time zone`);
    const absolute = (path: string) => resolve(baseDir, path);
    const xs2a: Xs2aConfig = {
      ...XS2A_DEFAULTS,
      ...entry.xs2a,
      baseUrl: entry.xs2a.baseUrl.replace(/\/+$/, ''),
      ...(entry.xs2a.tls ? { tls: { certFile: absolute(entry.xs2a.tls.certFile), keyFile: absolute(entry.xs2a.tls.keyFile), ...(entry.xs2a.tls.caFile ? { caFile: absolute(entry.xs2a.tls.caFile) } : {}) } } : {}),
      ...(entry.xs2a.signing ? { signing: { certFile: absolute(entry.xs2a.signing.certFile), keyFile: absolute(entry.xs2a.signing.keyFile) } } : {}),
    };
    errors.push(...certificateProblems(xs2a));
    if (errors.length) return void problems.push({ index, code, errors });
    entries.push({
      code: entry.code,
      name: entry.name,
      countryCode: entry.countryCode,
      bicCodes: entry.bicCodes ?? [],
      timeZone: timeZone!,
      status: entry.status ?? 'Active',
      logoUrl: entry.logoUrl ?? null,
      connector: 'berlin-group',
      xs2a,
    });
  });
  return { entries, problems };
}
