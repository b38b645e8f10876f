/**
 * The sandbox provider catalog (DESIGN.md §7): fictional banks, codes ending `_xf`, over
 * CZ, SK, DE, AT, PL and GB. Special behaviour is named in the code: `_direct_xf`
 * (directRedirect), `_presence_xf` (refresh needs the user), `_quota_xf` (one refresh a day),
 * `_flaky_xf` (slow, failing data calls). Status rows cover every visibility value.
 */
import { createHash } from 'node:crypto';
import type { ProviderStatus, ProviderTraits } from '../../db/schema.ts';

export interface CatalogProvider {
  name: string;
  code: string;
  /**
   * The bank's national code inside its IBANs: CZ and SK 4 digits; DE Bankleitzahl 8 digits; AT
   * Bankleitzahl 5 digits; PL bank number 3 digits (branch and its check digit vary per account);
   * GB sort code 6 digits (the bank letters are the first four of the BIC).
   */
  bankCode: string;
  countryCode: string;
  bicCodes: string[];
  timeZone: string;
  status: ProviderStatus;
  nonRegulated?: boolean;
  traits?: Partial<ProviderTraits>;
}

export const sandboxCatalog: CatalogProvider[] = [
  { name: 'Vltava Bank', code: 'vltava_xf', bankCode: '9101', countryCode: 'CZ', bicCodes: ['VLTACZPP'], timeZone: 'Europe/Prague', status: 'Active' },
  { name: 'Moravská spořitelna', code: 'moravska_sporitelna_xf', bankCode: '9102', countryCode: 'CZ', bicCodes: ['MORSCZPP'], timeZone: 'Europe/Prague', status: 'Active' },
  { name: 'Krkonoše Direct', code: 'krkonose_direct_xf', bankCode: '9103', countryCode: 'CZ', bicCodes: ['KRKDCZP1'], timeZone: 'Europe/Prague', status: 'Active', traits: { directRedirect: true } },
  { name: 'Šumava Credit Union', code: 'sumava_presence_xf', bankCode: '9104', countryCode: 'CZ', bicCodes: ['SUMACZP2'], timeZone: 'Europe/Prague', status: 'Active', traits: { requiresUserPresence: true } },
  { name: 'Tatra Horizon Banka', code: 'tatra_horizon_xf', bankCode: '9201', countryCode: 'SK', bicCodes: ['TAHOSKBA'], timeZone: 'Europe/Bratislava', status: 'Active' },
  { name: 'Dunaj Quota Banka', code: 'dunaj_quota_xf', bankCode: '9202', countryCode: 'SK', bicCodes: ['DUNQSKBX'], timeZone: 'Europe/Bratislava', status: 'Active', traits: { dailyRefreshQuota: 1 } },
  { name: 'Rheinland Volksbank', code: 'rheinland_xf', bankCode: '37069991', countryCode: 'DE', bicCodes: ['RHEIDEFF', 'RHEIDEFF100'], timeZone: 'Europe/Berlin', status: 'Active' },
  { name: 'Spree Flaky Bank', code: 'spree_flaky_xf', bankCode: '10099991', countryCode: 'DE', bicCodes: ['SPRFDEBB'], timeZone: 'Europe/Berlin', status: 'Active', traits: { flaky: true } },
  { name: 'Alpen Sparkasse', code: 'alpen_sparkasse_xf', bankCode: '19991', countryCode: 'AT', bicCodes: ['ALPSATWW'], timeZone: 'Europe/Vienna', status: 'Active' },
  { name: 'Donau Privatbank', code: 'donau_private_xf', bankCode: '19992', countryCode: 'AT', bicCodes: ['DONPATW1'], timeZone: 'Europe/Vienna', status: 'Inactive' },
  { name: 'Wisła Bank Polski', code: 'wisla_xf', bankCode: '291', countryCode: 'PL', bicCodes: ['WISLPLPW'], timeZone: 'Europe/Warsaw', status: 'Active' },
  { name: 'Bałtyk Pay', code: 'baltyk_pay_xf', bankCode: '292', countryCode: 'PL', bicCodes: ['BALTPLP2'], timeZone: 'Europe/Warsaw', status: 'Active', nonRegulated: true },
  { name: 'Thames Mutual', code: 'thames_mutual_xf', bankCode: '409991', countryCode: 'GB', bicCodes: ['THAMGB2L'], timeZone: 'Europe/London', status: 'Active' },
  { name: 'Pennine Building Society', code: 'pennine_hidden_xf', bankCode: '409992', countryCode: 'GB', bicCodes: ['PENNGB21'], timeZone: 'Europe/London', status: 'Hidden' },
  { name: 'Clyde Retired Bank', code: 'clyde_retired_xf', bankCode: '409993', countryCode: 'GB', bicCodes: ['CLYDGB2E'], timeZone: 'Europe/London', status: 'Disabled' },
];

const defaultTraits: ProviderTraits = { directRedirect: false, requiresUserPresence: false, dailyRefreshQuota: null, flaky: false };

/** Stable provider id derived from the code (a UUID-shaped SHA-256 prefix, version 5 bits set). */
export function providerIdFor(code: string): string {
  const hex = createHash('sha256').update(`bankdata-provider:${code}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The catalog row of `code`, or undefined. */
export function catalogProvider(code: string): CatalogProvider | undefined {
  return sandboxCatalog.find((p) => p.code === code);
}

/** Full traits of a catalog row. */
export function traitsOf(provider: CatalogProvider): ProviderTraits {
  return { ...defaultTraits, ...provider.traits };
}
