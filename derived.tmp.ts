import { readFileSync } from 'node:fs';
import { enrichAll } from './src/modules/enrichment/enrich.ts';
import { allMerchants } from './src/modules/enrichment/merchants.ts';
const ids = new Set(allMerchants().map((m) => m.id));
const file = process.argv[2]!;
const fx = JSON.parse(readFileSync(file, 'utf8'));
const seen = new Map<string, number>();
for (const a of fx.accounts) {
  const got = enrichAll(a.transactions.map((t: any) => ({ amount: t.amount, note: t.note, counterParty: t.counterParty, recordDate: new Date(t.date), details: { mccCode: t.mccCode, constantSymbol: t.constantSymbol, externalCategoryName: t.externalCategoryName } })));
  a.transactions.forEach((t: any, i: number) => {
    const m = got[i]!.merchant;
    if (m && !ids.has(m.id)) { const k = `${m.name}  <=  "${t.counterParty}" / "${t.note}" [${t.expect[0]}/${got[i]!.category.subcategoryId}]`; seen.set(k, (seen.get(k) ?? 0) + 1); }
  });
}
for (const [k, n] of seen) console.log(n, k);
