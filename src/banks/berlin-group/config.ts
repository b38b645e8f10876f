/**
 * A live provider's Berlin Group NextGenPSD2 (XS2A 1.3.x) settings, as the operator's catalog
 * file gives them (`bankdata providers import`, docs/live.md) with the defaults applied.
 */
export interface Xs2aConfig {
  /** The ASPSP's XS2A base address, without the `/v1` of its paths (e.g. `https://api.bank.example/psd2`). */
  baseUrl: string;
  /** How consent is asked: `allPsd2: "allAccounts"`, an availableAccounts consent then a detailed one, or `bankOffered`. */
  consentModel: 'allAccounts' | 'availableAccounts' | 'bankOffered';
  /** Background (PSU-not-present) reads allowed per account and day in the provider's time zone. */
  frequencyPerDay: number;
  /** The longest consent the ASPSP grants, in days (caps the partner's consentDuration). */
  maxConsentDays: number;
  /** Days of history the first download asks for. */
  historyDays: number;
  /** Mutual TLS with the operator's QWAC: PEM files. */
  tls?: { certFile: string; keyFile: string; caFile?: string };
  /** Berlin Group message signing (Digest, Signature, TPP-Signature-Certificate) with the operator's QSealC: PEM files. */
  signing?: { certFile: string; keyFile: string };
}

/** Defaults of the optional catalog fields (issue 13 / docs/live.md). */
export const XS2A_DEFAULTS = { consentModel: 'allAccounts', frequencyPerDay: 4, maxConsentDays: 180, historyDays: 90 } as const satisfies Partial<Xs2aConfig>;
