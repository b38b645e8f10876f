/**
 * Czech and Slovak payment symbols (variabilní/konštantný/špecifický symbol) as banks carry them
 * in XS2A remittance fields and end-to-end ids (docs/live.md "Field mapping"): `/VS123/SS45/KS0308`,
 * `VS:123`, `VS 123`, `/VS/123/SS/45/KS/0308`, `VS123/SS45/KS0308`. Each symbol is 1-10 digits,
 * kept as written (leading zeros matter for the constant symbol).
 */
export interface PaymentSymbols {
  variableSymbol: string | null;
  specificSymbol: string | null;
  constantSymbol: string | null;
}

/** A VS/SS/KS tag not glued to a preceding letter or digit, then optional `:`, `/`, `=` or spaces, then the digits. */
const SYMBOL = /(?<![A-Za-z0-9])(VS|SS|KS)(?:\s*[:=/]\s*|\s+)?(\d{1,10})(?!\d)/gi;

const FIELD = { VS: 'variableSymbol', SS: 'specificSymbol', KS: 'constantSymbol' } as const;

/** The symbols found in `texts`, the first occurrence of each winning (texts in priority order). */
export function parsePaymentSymbols(...texts: (string | null | undefined)[]): PaymentSymbols {
  const symbols: PaymentSymbols = { variableSymbol: null, specificSymbol: null, constantSymbol: null };
  for (const text of texts) {
    if (!text) continue;
    for (const [, tag, digits] of text.matchAll(SYMBOL)) {
      const field = FIELD[tag!.toUpperCase() as keyof typeof FIELD];
      symbols[field] ??= digits!;
    }
  }
  return symbols;
}
