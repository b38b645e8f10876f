/**
 * Monogram logos of banks without a `logoUrl` (the sandbox banks): a rounded square in a colour
 * derived from the provider id (the same bank always gets the same colour) with the initials of
 * its name in white. Generated here and served by us (`/connect/assets/bank-logo/{id}.svg`), never
 * fetched from anywhere. The colours are dark enough for white initials (contrast >= 4.5:1).
 */
import { createHash } from 'node:crypto';

/** Words that say "bank" rather than which bank; skipped for the initials when others remain. */
const GENERIC = new Set(['bank', 'banka', 'banca', 'banque', 'bankas', 'the', 'of', 'and', 'a']);

/** Up to two initials of `name` ("Vltava Bank" -> "V", "Moravská spořitelna" -> "MS"). */
export function initialsOf(name: string): string {
  const words = name.split(/[\s\-–&.]+/u).filter(Boolean);
  const telling = words.filter((w) => !GENERIC.has(w.toLowerCase()));
  return (telling.length ? telling : words)
    .slice(0, 2)
    .map((w) => [...w][0]!.toLocaleUpperCase())
    .join('');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG monogram of provider `id` named `name`: 64x64 viewBox, colour from a hash of the id. */
export function monogramSvg(id: string, name: string): string {
  const hue = createHash('sha256').update(id).digest().readUInt16BE(0) % 360;
  const initials = escapeXml(initialsOf(name));
  const size = initials.length > 1 ? 24 : 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="64" height="64" rx="14" fill="hsl(${hue} 55% 28%)"/>`,
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="${size}" font-weight="700" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** Where the page finds the logo of `provider`: its own `logoUrl`, else our monogram. */
export const bankLogoUrl = (provider: { id: string; logoUrl?: string | null }): string => provider.logoUrl ?? `/connect/assets/bank-logo/${provider.id}.svg`;
