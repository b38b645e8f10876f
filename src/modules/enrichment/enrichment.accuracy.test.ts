/**
 * Accuracy of enrichment against test/fixtures/enrichment-labelled.json (hand-labelled, see its
 * $comment). Prints category, subcategory, merchant precision / recall and recurrence accuracy
 * with every miss; fails below 90 % category, 95 % merchant precision, 90 % recurrence.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enrichAll } from './enrich.ts';
import { merchantByKey } from './merchants.ts';
import { subcategory } from './taxonomy.ts';

interface LabelledTransaction {
  date: string;
  amount: number;
  counterParty: string;
  note: string;
  mccCode?: string;
  constantSymbol?: string;
  externalCategoryName?: string;
  transactionCode?: string;
  expect: [number, string | null, boolean];
}

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/enrichment-labelled.json', import.meta.url), 'utf8')) as {
  accounts: { name: string; transactions: LabelledTransaction[] }[];
};

const percent = (hits: number, total: number) => (total === 0 ? 100 : (100 * hits) / total);

describe('enrichment accuracy on hand-labelled transactions', () => {
  const rows = fixture.accounts.flatMap((account) => {
    const input = account.transactions.map((t) => ({
      amount: t.amount,
      note: t.note,
      counterParty: t.counterParty,
      recordDate: new Date(`${t.date}T12:00:00Z`),
      details: { mccCode: t.mccCode, constantSymbol: t.constantSymbol, externalCategoryName: t.externalCategoryName },
    }));
    const enriched = enrichAll(input);
    return account.transactions.map((t, i) => ({ t, got: enriched[i]! }));
  });

  it('labels are valid', () => {
    expect(rows.length).toBeGreaterThanOrEqual(400);
    for (const { t } of rows) {
      expect(() => subcategory(t.expect[0])).not.toThrow();
      if (t.expect[1] !== null) expect(merchantByKey(t.expect[1]), t.expect[1]).toBeDefined();
    }
  });

  it('meets the accuracy targets', () => {
    let category = 0;
    let sub = 0;
    let recurrence = 0;
    let merchantPredicted = 0;
    let merchantRight = 0;
    let merchantLabelled = 0;
    let merchantFound = 0;
    let merchantExact = 0;
    const misses: string[] = [];
    for (const { t, got } of rows) {
      const [subId, merchantKey, recurrent] = t.expect;
      const expectedMerchant = merchantKey === null ? null : merchantByKey(merchantKey)!.id;
      const gotMerchant = got.merchant?.id ?? null;
      if (got.category.categoryId === subcategory(subId).categoryId) category++;
      if (got.category.subcategoryId === subId) sub++;
      if (got.recurrent === recurrent) recurrence++;
      if (gotMerchant !== null) merchantPredicted++;
      if (gotMerchant !== null && gotMerchant === expectedMerchant) merchantRight++;
      if (expectedMerchant !== null) merchantLabelled++;
      if (expectedMerchant !== null && gotMerchant === expectedMerchant) merchantFound++;
      if (gotMerchant === expectedMerchant) merchantExact++;
      const wrong = [
        got.category.subcategoryId !== subId ? `subcategory ${got.category.subcategoryId} (want ${subId})` : '',
        gotMerchant !== expectedMerchant ? `merchant ${got.merchant?.name ?? 'null'} (want ${merchantKey ?? 'null'})` : '',
        got.recurrent !== recurrent ? `recurrent ${got.recurrent}` : '',
      ].filter(Boolean);
      if (wrong.length) misses.push(`  ${t.date} ${t.amount} "${t.counterParty}" "${t.note}": ${wrong.join(', ')}`);
    }
    const report = {
      transactions: rows.length,
      category: percent(category, rows.length),
      subcategory: percent(sub, rows.length),
      merchantPrecision: percent(merchantRight, merchantPredicted),
      merchantRecall: percent(merchantFound, merchantLabelled),
      merchantAccuracy: percent(merchantExact, rows.length),
      recurrence: percent(recurrence, rows.length),
    };
    console.log(
      [
        `enrichment accuracy on ${report.transactions} hand-labelled transactions:`,
        `  category ${report.category.toFixed(1)} % (subcategory ${report.subcategory.toFixed(1)} %)`,
        `  merchant precision ${report.merchantPrecision.toFixed(1)} % (recall ${report.merchantRecall.toFixed(1)} %, accuracy incl. null ${report.merchantAccuracy.toFixed(1)} %)`,
        `  recurrence ${report.recurrence.toFixed(1)} %`,
        `misses (${misses.length}):`,
        ...misses,
      ].join('\n'),
    );
    expect(report.category).toBeGreaterThanOrEqual(90);
    expect(report.merchantPrecision).toBeGreaterThanOrEqual(95);
    expect(report.recurrence).toBeGreaterThanOrEqual(90);
  });
});
