/**
 * What every hosted page shows about who is asking and who provides the service (issue 17,
 * "Trust"): the partner's display name, logo, accent colour and privacy policy (set with
 * `bankdata partner set --display-name --logo-url --accent-color --privacy-url`), and the
 * operator's name and regulatory line (BANKDATA_OPERATOR_NAME, BANKDATA_OPERATOR_NOTICE).
 * The accent colour keeps text readable: `onAccent` is black or white, whichever contrasts more
 * with it (WCAG 2 relative luminance), and `accentInk` (accent-coloured text and borders on the
 * white card) falls back to a dark grey when the accent itself is too light to read on white.
 */
import type { Partner } from '../db/schema.ts';

/** The default accent of the pages (a partner without one). */
export const DEFAULT_ACCENT = '#1f5fbf';
const INK = '#1b1f24';

/** The branding a page renders (header, buttons, footer). */
export interface Brand {
  partnerName: string;
  logoUrl: string | null;
  privacyUrl: string | null;
  accent: string;
  onAccent: string;
  accentInk: string;
  operatorName: string;
  operatorNotice: string;
}

/** WCAG 2 relative luminance of `#rrggbb` (0 black .. 1 white). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 .. 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The text colour (#ffffff or #000000) that reads best on `background` (#rrggbb); one of the two
 * always reaches at least 4.58:1 (above WCAG AA's 4.5:1 for normal text).
 */
export function readableOn(background: string): string {
  return contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000';
}

/** The brand of `partner`'s pages, with the operator from the configuration. */
export function brandOf(partner: Partner, operator: { operatorName: string; operatorNotice: string }): Brand {
  const accent = partner.accentColor ?? DEFAULT_ACCENT;
  return {
    partnerName: partner.displayName ?? partner.name,
    logoUrl: partner.logoUrl,
    privacyUrl: partner.privacyUrl,
    accent,
    onAccent: readableOn(accent),
    // 4.5:1 is WCAG AA for normal text on the white card.
    accentInk: contrast(accent, '#ffffff') >= 4.5 ? accent : INK,
    operatorName: operator.operatorName,
    operatorNotice: operator.operatorNotice,
  };
}

/** The brand of pages that belong to no partner (an unknown link): the operator only. */
export function neutralBrand(operator: { operatorName: string; operatorNotice: string }): Brand {
  return { partnerName: '', logoUrl: null, privacyUrl: null, accent: DEFAULT_ACCENT, onAccent: '#ffffff', accentInk: DEFAULT_ACCENT, operatorName: operator.operatorName, operatorNotice: operator.operatorNotice };
}
