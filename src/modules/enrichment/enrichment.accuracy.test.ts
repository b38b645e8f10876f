/**
 * Accuracy of enrichment on hand-labelled transactions (docs/categories.md, "Quality and speed").
 * Prints category, subcategory, merchant precision / recall and recurrence accuracy with every
 * miss for these sets:
 * - the HELD-OUT set test/fixtures/enrichment-labelled.json, written without looking at the rules
 *   or the merchant list: a gate (HELD_OUT below). Rules are never tuned to its rows;
 * - the DEVELOPMENT set test/fixtures/enrichment-development.json, written together with rules
 *   tuned to it: reported and held to floors (DEVELOPMENT) so that general changes do not regress
 *   it, but its scores are not evidence of accuracy.
 * - the first set of issue 20, test/fixtures/enrichment-heldout-20.json: one account per pattern
 *   of the issue (merchants beyond the list, brand names, refunds, foreign descriptors, merchant
 *   vs the bank's description, children & education), written before the rules were read; its
 *   misses were looked at in the second round of issue 20, so it is DEVELOPMENT data now, reported
 *   per pattern and held to floors (HELD_OUT_20, the name kept);
 * - test/fixtures/enrichment-development-names.json and enrichment-development-20.json:
 *   development rows of issue 20 whose merchant labels are display names (the second holds 199
 *   rows per pattern and 45 probe rows written after the second round's rules), floors only.
 * - the second set of issue 20, test/fixtures/enrichment-heldout-20b.json: the same six patterns,
 *   different businesses, written by an independent labeller without reading the rules, the
 *   merchant list or the other fixtures; held out in the second round, its misses were read in the
 *   third, so it is DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20B);
 * - test/fixtures/enrichment-development-20-probes.json: probe rows written after the third
 *   round's rules (other businesses, the same difficulties), per pattern, floors (PROBES_20).
 * - the third set of issue 20, test/fixtures/enrichment-heldout-20c.json: the same six patterns,
 *   other businesses, towns and banks' formats, by another independent labeller under the same
 *   protocol; held out in the third round, its misses were read in the fourth, so it is DEVELOPMENT
 *   data now: reported per pattern and held to floors (HELD_OUT_20C);
 * - test/fixtures/enrichment-development-20-probes-4.json: probe rows written after the fourth
 *   round's general changes (other businesses, the same difficulties), per pattern, floors (PROBES_20_4);
 *   enrichment-development-20-probes-5.json likewise after the fifth round's (PROBES_20_5).
 * - the fourth set of issue 20, test/fixtures/enrichment-heldout-20d.json: the same six patterns,
 *   other businesses, towns and banks' formats, by a fourth independent labeller under the same
 *   protocol; held out in the fourth round, its misses were read in the fifth, so it is DEVELOPMENT
 *   data now: reported per pattern and held to floors (HELD_OUT_20D).
 * - the fifth set of issue 20, test/fixtures/enrichment-heldout-20e.json: the same six
 *   patterns, other businesses, towns and banks' formats (ČSOB, VÚB, KB, an Austrian Raiffeisen
 *   bank, Air Bank, Česká spořitelna), by a fifth independent labeller under the same protocol;
 *   held out in the fifth round, its misses were read in the sixth, so it is DEVELOPMENT data now:
 *   reported per pattern and held to floors (HELD_OUT_20E).
 * - the sixth set of issue 20, test/fixtures/enrichment-heldout-20f.json: the same six patterns,
 *   other businesses, towns and banks' formats (MONETA, Slovenská sporiteľňa, Raiffeisenbank, Tatra
 *   banka with card texts from Austria, Slovenia, Croatia, Hungary and Poland, UniCredit, 365.bank),
 *   by a sixth independent labeller under the same protocol; held out in the sixth round, its misses
 *   were read in the seventh, so it is DEVELOPMENT data now: reported per pattern and held to floors
 *   (HELD_OUT_20F).
 * - the seventh set of issue 20, test/fixtures/enrichment-heldout-20g.json: the same six patterns,
 *   other businesses, towns and banks' formats (Fio, Prima banka, mBank, ČSOB SK with card texts
 *   from seven countries, Komerční banka, VÚB), by a seventh independent labeller under the same
 *   protocol; its misses were read in the seventh round (the category lexicon), so it is
 *   DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20G).
 * - the eighth set of issue 20, test/fixtures/enrichment-heldout-20h.json: the same six patterns
 *   woven into ordinary household months, other businesses, towns and banks' formats (Česká
 *   spořitelna, Slovenská sporiteľňa, Air Bank, Tatra banka with card texts from abroad, MONETA,
 *   Raiffeisenbank), by an eighth independent labeller under the same protocol; held out in the
 *   seventh round, its misses were read in the eighth, so it is DEVELOPMENT data now: reported per
 *   pattern and held to floors (HELD_OUT_20H).
 * - the ninth set of issue 20, test/fixtures/enrichment-heldout-20i.json: the same six patterns in
 *   six unlike households (a tradesman, a student, a young family, a pensioner couple, a commuter,
 *   a family; MONETA, Air Bank, Tatra banka, Raiffeisenbank, Česká spořitelna, 365.bank), by a
 *   ninth independent labeller, written at the same time as 20h and without it; held out in the
 *   seventh round, its misses were read in the eighth, so it is DEVELOPMENT data now: reported
 *   per pattern and held to floors (HELD_OUT_20I).
 * - the tenth and eleventh sets of issue 20, test/fixtures/enrichment-heldout-20j.json
 *   (households on ČSOB, mBank SK, Fio, Revolut, UniCredit CZ, Poštová banka) and -20k.json (six
 *   unlike people on Komerční banka, ČSOB with Air Bank, Slovenská sporiteľňa, UniCredit SK with
 *   Revolut, Prima banka, Fio), by a tenth and an eleventh independent labeller written side by
 *   side under the same protocol; held out in the eighth round, their misses were read in the
 *   ninth, so they are DEVELOPMENT data now: reported per pattern and held to floors
 *   (HELD_OUT_20J, HELD_OUT_20K).
 * - the twelfth and thirteenth sets of issue 20, test/fixtures/enrichment-heldout-20l.json
 *   (six people on Česká spořitelna, Tatra banka, MONETA with Creditas, 365.bank, Raiffeisenbank
 *   with mBank, VÚB; trips from Austria to Egypt) and -20m.json (everyday accounts first: ČSOB, Air
 *   Bank with Partners Banka, Komerční banka, Slovenská sporiteľňa, UniCredit SK with Prima banka,
 *   Fio), by a twelfth and a thirteenth independent labeller written side by side under the same
 *   protocol; held out in the ninth round, their misses were read in the tenth, so they are
 *   DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20L, HELD_OUT_20M).
 * - the fourteenth and fifteenth sets of issue 20, test/fixtures/enrichment-heldout-20n.json
 *   (Raiffeisenbank, ČSOB SK, MONETA with Air Bank, Fio, Komerční banka with Revolut, Tatra banka)
 *   and -20o.json (everyday accounts: Česká spořitelna, VÚB with 365.bank, mBank, UniCredit CZ with
 *   a lorry driver's trips, Slovenská sporiteľňa with Poštová banka, Creditas), by a fourteenth and
 *   a fifteenth independent labeller written side by side under the same protocol; held out in the
 *   tenth round, their misses were read in the eleventh, so they are DEVELOPMENT data now: reported
 *   per pattern and held to floors (HELD_OUT_20N, HELD_OUT_20O).
 * - the sixteenth and seventeenth sets of issue 20, test/fixtures/enrichment-heldout-20p.json
 *   (Komerční banka, Tatra banka, Revolut, Fio with trips from Germany to Hungary, ČSOB SK, Air
 *   Bank) and -20q.json (MONETA, mBank SK, Raiffeisenbank, Prima banka, ČSOB, Partners banka), by
 *   a sixteenth and a seventeenth independent labeller written side by side under the same
 *   protocol; held out in the eleventh round, their misses were read in the twelfth, so they are
 *   DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20P, HELD_OUT_20Q).
 * - the eighteenth and nineteenth sets of issue 20, test/fixtures/enrichment-heldout-20r.json
 *   (Trinity Bank, 365.bank, UniCredit SK, Česká spořitelna, Creditas, Wise with trips from
 *   Kraków to Zadar) and -20s.json (Komerční banka, Slovenská sporiteľňa, Revolut, Fio, Air Bank,
 *   VÚB), by an eighteenth and a nineteenth independent labeller written side by side under the
 *   same protocol; held out in the twelfth round, their misses were read in the thirteenth, so they
 *   are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20R, HELD_OUT_20S).
 * - the twentieth and twenty-first sets of issue 20, test/fixtures/enrichment-heldout-20t.json
 *   (MONETA, Poštová banka, mBank CZ, Tatra banka with trips from Hungary to Croatia, Raiffeisenbank,
 *   ČSOB SK) and -20u.json (Fio, Česká spořitelna, Air Bank, Revolut, VÚB, Prima banka), by a
 *   twentieth and a twenty-first independent labeller written side by side under the same
 *   protocol (labels of recurrence by the documented definition); held out in the thirteenth
 *   round, their misses were read in the fourteenth, so they are DEVELOPMENT data now: reported
 *   per pattern and held to floors (HELD_OUT_20T, HELD_OUT_20U).
 * - the twenty-second and twenty-third sets of issue 20, test/fixtures/enrichment-heldout-20v.json
 *   (Komerční banka, ČSOB, UniCredit CZ, N26 with a drive from Slovenia to Montenegro and a weekend
 *   in Kraków, Slovenská sporiteľňa, 365.bank) and -20w.json (Creditas, Tatra banka, mBank SK,
 *   Partners banka with trips to Bavaria, the Ötztal and Budapest, Raiffeisenbank, Trinity Bank), by
 *   a twenty-second and a twenty-third independent labeller written side by side under the same
 *   protocol; held out in the fourteenth round, their misses were read in the fifteenth, so they are
 *   DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20V, HELD_OUT_20W).
 * - the twenty-fourth and twenty-fifth sets of issue 20, test/fixtures/enrichment-heldout-20x.json
 *   (Fio, VÚB, MONETA, Revolut with a drive through Hungary, Serbia and North Macedonia to
 *   Halkidiki and a weekend in Berlin, Air Bank, Poštová banka) and -20y.json (Česká spořitelna,
 *   UniCredit SK, Komerční banka, Wise with the Slovenian Alps, Lake Garda and a weekend abroad by
 *   plane, ČSOB SK, Tatra banka), by a twenty-fourth and a twenty-fifth independent labeller
 *   written side by side under the same protocol; held out in the fifteenth round, their misses
 *   were read in the sixteenth, so they are DEVELOPMENT data now: reported per pattern and held to
 *   floors (HELD_OUT_20X, HELD_OUT_20Y).
 * - the twenty-sixth and twenty-seventh sets of issue 20, test/fixtures/enrichment-heldout-20z.json
 *   (Air Bank, Slovenská sporiteľňa, mBank CZ, Revolut EUR with a drive to the Bulgarian Black Sea
 *   and a weekend in London, UniCredit CZ, Prima banka) and -20aa.json (Fio, ČSOB, VÚB, N26 with
 *   Denmark, southern Sweden and a weekend in Zagreb, MONETA, 365.bank), by a twenty-sixth and a
 *   twenty-seventh independent labeller written side by side under the same protocol, each bank's
 *   texts as that bank exports them; held out in the sixteenth round, their misses were read in the
 *   seventeenth, so they are DEVELOPMENT data now: reported per pattern and held to floors
 *   (HELD_OUT_20Z, HELD_OUT_20AA).
 * - the twenty-eighth and twenty-ninth sets of issue 20, test/fixtures/enrichment-heldout-20ab.json
 *   (Raiffeisenbank CZ, Creditas, Partners banka, Wise EUR with a drive through Switzerland to
 *   Provence and a weekend in Barcelona, Tatra banka, Poštová banka) and -20ac.json (Komerční banka,
 *   Česká spořitelna, Trinity Bank, Revolut CZK with Portugal, Andalusia and a weekend in Vienna and
 *   Bratislava, Slovenská sporiteľňa, mBank SK), by a twenty-eighth and a twenty-ninth independent
 *   labeller written side by side under the same protocol; held out in the seventeenth round, their
 *   misses were read in the eighteenth, so they are DEVELOPMENT data now: reported per pattern and
 *   held to floors (HELD_OUT_20AB, HELD_OUT_20AC).
 * - the thirtieth and thirty-first sets of issue 20, test/fixtures/enrichment-heldout-20ad.json
 *   (MONETA, ČSOB SK, Fio, Revolut EUR with a drive through Poland and the Baltic states to Helsinki
 *   and a weekend in Edinburgh, UniCredit SK, Air Bank) and -20ae.json (Raiffeisenbank CZ, Česká
 *   spořitelna, mBank CZ, Wise CZK with Antalya, Istanbul and a weekend in Copenhagen, Slovenská
 *   sporiteľňa, VÚB), by a thirtieth and a thirty-first independent labeller written side by side
 *   under the same protocol; held out in the eighteenth round, their misses were read in the
 *   nineteenth, so they are DEVELOPMENT data now: reported per pattern and held to floors
 *   (HELD_OUT_20AD, HELD_OUT_20AE).
 * - the thirty-second to thirty-fifth sets of issue 20, test/fixtures/enrichment-heldout-20af.json
 *   (Fio, Komerční banka, Revolut CZK with the Soča valley, Friuli and Hévíz, MONETA), -20ag.json
 *   (Tatra banka, Prima banka, 365.bank, N26 EUR with Wrocław, Amsterdam and Ghent, Lucerne in CHF,
 *   Riga and Tallinn), -20ah.json (Air Bank, ČSOB, Wise CZK with Istria and Dalmatia, Česká
 *   spořitelna with a ski week in South Tyrol, Saxony and Bavaria) and -20ai.json (UniCredit Bank
 *   SK, Slovenská sporiteľňa, VÚB, Revolut EUR with Crete, Budapest, Transylvania and Moravia), by
 *   a thirty-second to a thirty-fifth independent labeller under the same protocol; held out in the
 *   nineteenth round, their misses were read in the twentieth, so they are DEVELOPMENT data now:
 *   reported per pattern and held to floors (HELD_OUT_20AF, HELD_OUT_20AG, HELD_OUT_20AH,
 *   HELD_OUT_20AI).
 * - the thirty-sixth and thirty-seventh sets of issue 20, test/fixtures/enrichment-heldout-20aj.json
 *   (Raiffeisenbank CZ with Zakopane and the Tatras, mBank CZ with London, UniCredit CZ, Revolut
 *   CZK with Kraków, Paris and Chamonix) and -20ak.json (ČSOB SK with Vienna and Rome, mBank SK with
 *   Berlin, Poštová banka, Wise EUR with the Norwegian fjords and Miskolctapolca), by a thirty-sixth
 *   and a thirty-seventh independent labeller written side by side under the same protocol while the
 *   twentieth round's rules were written; held out from them (and measured on round 19's rules
 *   too), their misses were read in the twenty-first round, so they are DEVELOPMENT data now:
 *   reported per pattern and held to floors (HELD_OUT_20AJ, HELD_OUT_20AK).
 * - the thirty-eighth and thirty-ninth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20al.json
 *   (Fio, Česká spořitelna, Partners Banka, bunq with Scotland, Ireland, the Dolomites and Lake
 *   Garda, and Copenhagen) and -20am.json (Tatra banka, Slovenská sporiteľňa, 365.bank, Revolut with
 *   southern Poland, Zermatt, Prague, Stockholm, Bled and Ljubljana), by a thirty-eighth and a
 *   thirty-ninth independent labeller written side by side under the same protocol while the
 *   twenty-first round's rules were written; held out from them (and measured on round 20's rules
 *   too), their misses were read in the twenty-second round, so they are DEVELOPMENT data now:
 *   reported per pattern and held to floors (HELD_OUT_20AL, HELD_OUT_20AM).
 * - the fortieth and forty-first HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20an.json
 *   (Air Bank, MONETA, Komerční banka, Revolut CZK with Albania, Montenegro, Budapest, Tenerife and
 *   the Bulgarian Black Sea coast) and -20ao.json (Prima banka, UniCredit Bank SK, VÚB, N26 EUR with
 *   Iceland, Lapland, Helsinki, Tallinn, Balaton and Prague), by a fortieth and a forty-first
 *   independent labeller written side by side under the same protocol before the twenty-second
 *   round's rules were written; held out from them (and measured on round 21's rules too), their
 *   misses were read in the twenty-third round, so they are DEVELOPMENT data now: reported per
 *   pattern and held to floors (HELD_OUT_20AN, HELD_OUT_20AO).
 * - the forty-second and forty-third HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20ap.json
 *   (Fio, Raiffeisenbank CZ with Vienna, ČSOB, Wise CZK with Lisbon, the Algarve, Brussels, Bruges
 *   and Lake Bled) and -20aq.json (mBank SK, Slovenská sporiteľňa, ČSOB SK, Revolut EUR with Kraków,
 *   Gdańsk, Denmark, Zagreb, Plitvice and Lake Garda), by a forty-second and a forty-third
 *   independent labeller written side by side under the same protocol while the twenty-third
 *   round's rules were written; held out from them (and measured on round 22's rules too),
 *   their misses were read in the twenty-fourth round (OpenStreetMap's kinds of business), so they
 *   are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AP, HELD_OUT_20AQ).
 * - the forty-fourth and forty-fifth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20ar.json
 *   (Partners Banka with Utrecht and Amsterdam, Air Bank with Vilnius, UniCredit CZ, ČSOB with
 *   Slovenia and Friuli, Komerční banka with MCCs and Lake Como, Creditas with Terme Olimia) and
 *   -20as.json (Tatra banka, 365.bank with Stockholm, Prima banka, Revolut EUR with the Bulgarian
 *   coast and the Bernese Oberland, VÚB with MCCs and the Côte d'Azur, Poštová banka), by a
 *   forty-fourth and a forty-fifth independent labeller written side by side under the same
 *   protocol while the twenty-fourth round's kinds of business were built; held out from them (and
 *   measured on round 23's rules too), their misses were read in the twenty-fifth round, so they
 *   are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AR, HELD_OUT_20AS).
 * - the forty-sixth and forty-seventh HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20at.json
 *   and -20au.json, by a forty-sixth and a forty-seventh independent labeller written side by side
 *   under the same protocol while the twenty-fifth round's rules were written; held out from them
 *   (and measured on round 24's rules too), their misses were read in the twenty-sixth round, so
 *   they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AT, HELD_OUT_20AU).
 * - the forty-eighth and forty-ninth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20av.json
 *   and -20aw.json, by a forty-eighth and a forty-ninth independent labeller written side by side
 *   under the same protocol while the twenty-sixth round's rules were written; held out from them
 *   (and measured on round 25's rules too), their misses were read in the twenty-seventh round, so
 *   they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AV, HELD_OUT_20AW).
 * - the fiftieth and fifty-first HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20ax.json
 *   and -20ay.json, by a fiftieth and a fifty-first independent labeller written side by side under
 *   the same protocol while the twenty-seventh round's rules were written; held out from them (and
 *   measured on round 26's rules too), their misses were read in the twenty-eighth round, so they are
 *   DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AX, HELD_OUT_20AY).
 * - the fifty-second and fifty-third HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20az.json
 *   and -20ba.json, by a fifty-second and a fifty-third independent labeller written side by side
 *   under the same protocol while the twenty-eighth round's rules were written; held out from them
 *   (and measured on round 27's rules too), their misses were read in the twenty-ninth round, so
 *   they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20AZ, HELD_OUT_20BA).
 * - the fifty-fourth and fifty-fifth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20bb.json
 *   and -20bc.json, by a fifty-fourth and a fifty-fifth independent labeller written side by side
 *   under the same protocol while the twenty-ninth round's rules were written; held out from them
 *   (and measured on round 28's rules too), their misses were read in the thirtieth round, so they
 *   are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20BB, HELD_OUT_20BC).
 * - the fifty-sixth and fifty-seventh HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20bd.json
 *   and -20be.json, by a fifty-sixth and a fifty-seventh independent labeller, written side by side
 *   after the twenty-ninth round's rules had landed: a second unseen pair for round 29 (as round 19
 *   had two); their misses were read in the thirtieth round, so they are DEVELOPMENT data now:
 *   reported per pattern and held to floors (HELD_OUT_20BD, HELD_OUT_20BE).
 * - the fifty-eighth to sixty-first HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20bf.json,
 *   -20bg.json, -20bh.json and -20bi.json, by four more independent labellers written side by side
 *   (two pairs, 20bf + 20bg and 20bh + 20bi) while the thirtieth round's rules were written; held out
 *   from them (and measured on round 29's rules too), their misses were read in the thirty-first round,
 *   so they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20BF to HELD_OUT_20BI).
 * - the sixty-second to sixty-fifth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20bj.json,
 *   -20bk.json, -20bl.json and -20bm.json, by four more independent labellers written side by side
 *   (two pairs, 20bj + 20bk and 20bl + 20bm) while the thirty-first round's rules were written; held out
 *   from them (and measured on round 30's rules too), their misses were read in the thirty-second round,
 *   so they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20BJ to HELD_OUT_20BM).
 * - the sixty-sixth to sixty-ninth HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20bn.json,
 *   -20bo.json, -20bp.json and -20bq.json, by four more independent labellers written side by side
 *   (two pairs, 20bn + 20bo and 20bp + 20bq) while the thirty-second round's rules were written; held out
 *   from them (and measured on round 31's rules too), their misses were read in the thirty-third round,
 *   so they are DEVELOPMENT data now: reported per pattern and held to floors (HELD_OUT_20BN to HELD_OUT_20BQ).
 * - the seventieth to seventy-third HELD-OUT sets of issue 20, test/fixtures/enrichment-heldout-20br.json,
 *   -20bs.json, -20bt.json and -20bu.json, by four more independent labellers written side by side
 *   (two pairs, 20br + 20bs and 20bt + 20bu) while the thirty-third round's rules were written; held out
 *   from them (and measured on round 32's rules too); reported per pattern, no gate.
 * Development labels that contradicted the merchant-naming convention of docs/categories.md were
 * relabelled to it in the fifth round (listed in the fixtures' `$comment` and in the docs).
 * In enrichment-labelled.json and enrichment-development.json a merchant label is a key of
 * data/merchants.json (a held-out label may name a real merchant the list lacks: reported, counted
 * as a merchant the rules missed); those labels say nothing about merchants derived from a
 * descriptor (not on the list), so their precision counts list merchants only. In
 * issue 20's sets a merchant label is the display name a person recognises: a merchant
 * is right when its normalised name equals the label or is a longer form of it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enrichAll } from './enrich.ts';
import { allMerchants, merchantByKey } from './merchants.ts';
import { subcategory } from './taxonomy.ts';
import { tokenize } from './text.ts';

interface LabelledTransaction {
  pattern?: string;
  date: string;
  amount: number;
  counterParty: string;
  note: string;
  mccCode?: string;
  constantSymbol?: string;
  variableSymbol?: string;
  externalCategoryName?: string;
  transactionCode?: string;
  expect: [number, string | null, boolean];
}

interface Report {
  name: string;
  transactions: number;
  category: number;
  subcategory: number;
  merchantPrecision: number;
  merchantRecall: number;
  recurrence: number;
  missingFromList: string[];
  text: string;
}

const percent = (hits: number, total: number) => (total === 0 ? 100 : (100 * hits) / total);
const keyById = new Map(allMerchants().map((m) => [m.id, m.key]));
/** A name as compared: the tokens of text.ts (case, diacritics incl. ł ß, punctuation) joined by spaces. */
const normalisedName = (name: string) => tokenize(name).join(' ');

/** How a set's merchant labels are read: list keys (derived merchants not judged) or display names. */
type MerchantLabels = 'keys' | 'names';

function load(name: string): LabelledTransaction[][] {
  const fixture = JSON.parse(readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url), 'utf8')) as {
    accounts: { transactions: LabelledTransaction[] }[];
  };
  return fixture.accounts.map((a) => a.transactions);
}

/** Enriches every account of `name`; each transaction with what enrichment gave it. */
function enrichFixture(name: string) {
  return load(name).flatMap((transactions) => {
    const enriched = enrichAll(
      transactions.map((t) => ({
        amount: t.amount,
        note: t.note,
        counterParty: t.counterParty,
        recordDate: new Date(`${t.date}T12:00:00Z`),
        details: { mccCode: t.mccCode, constantSymbol: t.constantSymbol, externalCategoryName: t.externalCategoryName },
      })),
    );
    return transactions.map((t, i) => ({ t, got: enriched[i]! }));
  });
}

type Row = ReturnType<typeof enrichFixture>[number];

/** Compares enriched `rows` with their labels (merchant labels read as `labels`). */
function evaluate(name: string, rows: Row[], labels: MerchantLabels): Report {
  let category = 0;
  let sub = 0;
  let recurrence = 0;
  let merchantPredicted = 0;
  let merchantRight = 0;
  let merchantLabelled = 0;
  let merchantFound = 0;
  const missingFromList = new Set<string>();
  const misses: string[] = [];
  for (const { t, got } of rows) {
    const [subId, expected, recurrent] = t.expect;
    const listKey = got.merchant === null ? undefined : keyById.get(got.merchant.id);
    const gotKey =
      labels === 'keys'
        ? (listKey ?? null)
        : got.merchant === null
          ? null
          : expected !== null && (normalisedName(got.merchant.name) + ' ').startsWith(normalisedName(expected) + ' ')
            ? expected
            : got.merchant.name;
    if (labels === 'keys' && expected !== null && !merchantByKey(expected)) missingFromList.add(expected);
    if (got.category.categoryId === subcategory(subId).categoryId) category++;
    if (got.category.subcategoryId === subId) sub++;
    if (got.recurrent === recurrent) recurrence++;
    if (gotKey !== null) merchantPredicted++;
    if (gotKey !== null && gotKey === expected) merchantRight++;
    if (expected !== null) merchantLabelled++;
    if (expected !== null && gotKey === expected) merchantFound++;
    const wrong = [
      got.category.categoryId !== subcategory(subId).categoryId ? `CATEGORY ${got.category.subcategoryId} (want ${subId})` : '',
      got.category.categoryId === subcategory(subId).categoryId && got.category.subcategoryId !== subId ? `subcategory ${got.category.subcategoryId} (want ${subId})` : '',
      gotKey !== expected ? `${gotKey !== null ? 'MERCHANT' : 'merchant'} ${gotKey ?? 'null'} (want ${expected ?? 'null'})` : '',
      got.recurrent !== recurrent ? `RECURRENT ${got.recurrent}` : '',
    ].filter(Boolean);
    if (wrong.length) misses.push(`  ${t.date} ${t.amount} "${t.counterParty}" "${t.note}": ${wrong.join(', ')}`);
  }
  const report = {
    name,
    transactions: rows.length,
    category: percent(category, rows.length),
    subcategory: percent(sub, rows.length),
    merchantPrecision: percent(merchantRight, merchantPredicted),
    merchantRecall: percent(merchantFound, merchantLabelled),
    recurrence: percent(recurrence, rows.length),
    missingFromList: [...missingFromList].sort(),
  };
  const text = [
    `enrichment accuracy on ${report.transactions} hand-labelled transactions of ${name}:`,
    `  category ${report.category.toFixed(1)} % (subcategory ${report.subcategory.toFixed(1)} %)`,
    `  merchant precision ${report.merchantPrecision.toFixed(1)} % (${merchantRight}/${merchantPredicted}), recall ${report.merchantRecall.toFixed(1)} % (${merchantFound}/${merchantLabelled})`,
    `  recurrence ${report.recurrence.toFixed(1)} %`,
    `  labelled merchants not on the list: ${report.missingFromList.join(', ') || 'none'}`,
    `misses (${misses.length}; upper case: counted against category, merchant precision or recurrence):`,
    ...misses,
  ].join('\n');
  return { ...report, text };
}

/** The report of every pattern of a set whose rows carry `pattern`. */
function evaluatePatterns(name: string, rows: Row[], labels: MerchantLabels): Report[] {
  const patterns = [...new Set(rows.map((r) => r.t.pattern ?? ''))];
  return patterns.map((p) => evaluate(`${name} pattern ${p}`, rows.filter((r) => (r.t.pattern ?? '') === p), labels));
}

/** Prints every miss of set `name` (display-name labels) and a table per pattern; returns the whole set's report. */
function reportPerPattern(name: string): Report {
  const rows = enrichFixture(name);
  const report = evaluate(name, rows, 'names');
  const patterns = evaluatePatterns(name, rows, 'names');
  console.log([report, ...patterns].map((r) => r.text).join('\n\n'));
  console.log(
    [`${name}: pattern | n | category | subcategory | merchant precision | merchant recall | recurrence`, ...[...patterns, report].map((r) =>
      [r.name.replace(/.* pattern /, ''), r.transactions, r.category, r.subcategory, r.merchantPrecision, r.merchantRecall, r.recurrence].map((v, i) => (i >= 2 ? `${(v as number).toFixed(1)} %` : String(v))).join(' | '),
    )].join('\n'),
  );
  return report;
}

interface Gate {
  category: number;
  subcategory?: number;
  merchantPrecision: number;
  merchantRecall?: number;
  recurrence: number;
}

/** Floors of the development sets: a change must not regress them. */
const DEVELOPMENT: Gate = { category: 90, merchantPrecision: 95, recurrence: 90 };
/** Floors of the second development set of issue 20 (what the rules hold on it, rounded down). */
const DEVELOPMENT_20: Gate = { category: 98, subcategory: 97, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Gates of the held-out sets (docs/categories.md, "Quality and speed"): what the rules of issue 20 hold. */
const HELD_OUT: Gate = { category: 97, subcategory: 94, merchantPrecision: 99, merchantRecall: 98, recurrence: 99 };
const HELD_OUT_20: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's second set (20b), development data since the third round: what the rules hold on it, rounded down. */
const HELD_OUT_20B: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of the third round's probe rows (enrichment-development-20-probes.json): what the rules hold on them, rounded down. */
const PROBES_20: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's third set (20c), development data since the fourth round: what the rules hold on it, rounded down. */
const HELD_OUT_20C: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of the fifth round's probe rows (enrichment-development-20-probes-5.json): what the rules hold on them, less one row. */
const PROBES_20_5: Gate = { category: 95, subcategory: 95, merchantPrecision: 97, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's fourth set (20d), development data since the fifth round: what the rules hold on it, less one row. */
const HELD_OUT_20D: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifth set (20e), development data since the sixth round: what the rules hold on it, less one row. */
const HELD_OUT_20E: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixth set (20f), development data since the seventh round: what the rules hold on it, less one row. */
const HELD_OUT_20F: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's seventh set (20g), development data since the seventh round: what the rules hold on it, less one row. */
const HELD_OUT_20G: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's eighth set (20h), development data since the eighth round: what the rules hold on it, less one row. */
const HELD_OUT_20H: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's ninth set (20i), development data since the eighth round: what the rules hold on it, less one row. */
const HELD_OUT_20I: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's tenth set (20j), development data since the ninth round: what the rules hold on it, less one row. */
const HELD_OUT_20J: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's eleventh set (20k), development data since the ninth round: what the rules hold on it, less one row. */
const HELD_OUT_20K: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twelfth set (20l), development data since the tenth round: what the rules hold on it, less one row. */
const HELD_OUT_20L: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's thirteenth set (20m), development data since the tenth round: what the rules hold on it, less one row. */
const HELD_OUT_20M: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fourteenth set (20n), development data since the eleventh round: what the rules hold on it, less one row. */
const HELD_OUT_20N: Gate = { category: 99, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifteenth set (20o), development data since the eleventh round: what the rules hold on it, less one row. */
const HELD_OUT_20O: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixteenth set (20p), development data since the twelfth round: what the rules hold on it, less one row. */
const HELD_OUT_20P: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's seventeenth set (20q), development data since the twelfth round: what the rules hold on it, less one row. */
const HELD_OUT_20Q: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's eighteenth set (20r), development data since the thirteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20R: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's nineteenth set (20s), development data since the thirteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20S: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twentieth set (20t), development data since the fourteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20T: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's twenty-first set (20u), development data since the fourteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20U: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's twenty-second set (20v), development data since the fifteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20V: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twenty-third set (20w), development data since the fifteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20W: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twenty-fourth set (20x), development data since the sixteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20X: Gate = { category: 97, subcategory: 97, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's twenty-fifth set (20y), development data since the sixteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20Y: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twenty-sixth set (20z), development data since the seventeenth round: what the rules hold on it, less one row. */
const HELD_OUT_20Z: Gate = { category: 96, subcategory: 96, merchantPrecision: 98, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's twenty-seventh set (20aa), development data since the seventeenth round: what the rules hold on it, less one row. */
const HELD_OUT_20AA: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's twenty-eighth set (20ab), development data since the eighteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20AB: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's twenty-ninth set (20ac), development data since the eighteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20AC: Gate = { category: 97, subcategory: 97, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's thirtieth set (20ad), development data since the nineteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20AD: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's thirty-first set (20ae), development data since the nineteenth round: what the rules hold on it, less one row. */
const HELD_OUT_20AE: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's thirty-second set (20af), development data since the twentieth round: what the rules hold on it, less one row. */
const HELD_OUT_20AF: Gate = { category: 99, subcategory: 99, merchantPrecision: 96, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's thirty-third set (20ag), development data since the twentieth round: what the rules hold on it, less one row. */
const HELD_OUT_20AG: Gate = { category: 96, subcategory: 95, merchantPrecision: 96, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's thirty-fourth set (20ah), development data since the twentieth round: what the rules hold on it, less one row. */
const HELD_OUT_20AH: Gate = { category: 97, subcategory: 97, merchantPrecision: 97, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's thirty-fifth set (20ai), development data since the twentieth round: what the rules hold on it, less one row. */
const HELD_OUT_20AI: Gate = { category: 95, subcategory: 95, merchantPrecision: 96, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's thirty-sixth set (20aj), development data since the twenty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20AJ: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's thirty-seventh set (20ak), development data since the twenty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20AK: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's thirty-eighth set (20al), development data since the twenty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20AL: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's thirty-ninth set (20am), development data since the twenty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20AM: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 98 };
/** Floors of issue 20's fortieth set (20an), development data since the twenty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20AN: Gate = { category: 97, subcategory: 97, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's forty-first set (20ao), development data since the twenty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20AO: Gate = { category: 99, subcategory: 99, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's forty-second set (20ap), development data since the twenty-fourth round: what the rules hold on it, less one row. */
const HELD_OUT_20AP: Gate = { category: 95, subcategory: 94, merchantPrecision: 98, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's forty-third set (20aq), development data since the twenty-fourth round: what the rules hold on it, less one row. */
const HELD_OUT_20AQ: Gate = { category: 96, subcategory: 93, merchantPrecision: 98, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's forty-fourth set (20ar), development data since the twenty-fifth round: what the rules hold on it, less one row. */
const HELD_OUT_20AR: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's forty-fifth set (20as), development data since the twenty-fifth round: what the rules hold on it, less one row. */
const HELD_OUT_20AS: Gate = { category: 96, subcategory: 96, merchantPrecision: 98, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's forty-sixth set (20at), development data since the twenty-sixth round: what the rules hold on it, less one row. */
const HELD_OUT_20AT: Gate = { category: 99, subcategory: 99, merchantPrecision: 97, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's forty-seventh set (20au), development data since the twenty-sixth round: what the rules hold on it, less one row. */
const HELD_OUT_20AU: Gate = { category: 98, subcategory: 97, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's forty-eighth set (20av), development data since the twenty-seventh round: what the rules hold on it, less one row. */
const HELD_OUT_20AV: Gate = { category: 96, subcategory: 96, merchantPrecision: 96, merchantRecall: 96, recurrence: 98 };
/** Floors of issue 20's forty-ninth set (20aw), development data since the twenty-seventh round: what the rules hold on it, less one row. */
const HELD_OUT_20AW: Gate = { category: 95, subcategory: 95, merchantPrecision: 99, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's fiftieth set (20ax), development data since the twenty-eighth round: what the rules hold on it, less one row. */
const HELD_OUT_20AX: Gate = { category: 97, subcategory: 97, merchantPrecision: 97, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's fifty-first set (20ay), development data since the twenty-eighth round: what the rules hold on it, less one row. */
const HELD_OUT_20AY: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifty-second set (20az), development data since the twenty-ninth round: what the rules hold on it, less one row. */
const HELD_OUT_20AZ: Gate = { category: 98, subcategory: 98, merchantPrecision: 96, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's fifty-third set (20ba), development data since the twenty-ninth round: what the rules hold on it, less one row. */
const HELD_OUT_20BA: Gate = { category: 98, subcategory: 98, merchantPrecision: 97, merchantRecall: 97, recurrence: 99 };
/** Floors of issue 20's fifty-fourth set (20bb), development data since the thirtieth round: what the rules hold on it, less one row. */
const HELD_OUT_20BB: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's fifty-fifth set (20bc), development data since the thirtieth round: what the rules hold on it, less one row. */
const HELD_OUT_20BC: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifty-sixth set (20bd), development data since the thirtieth round: what the rules hold on it, less one row. */
const HELD_OUT_20BD: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifty-seventh set (20be), development data since the thirtieth round: what the rules hold on it, less one row. */
const HELD_OUT_20BE: Gate = { category: 98, subcategory: 97, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifty-eighth set (20bf), development data since the thirty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20BF: Gate = { category: 98, subcategory: 97, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's fifty-ninth set (20bg), development data since the thirty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20BG: Gate = { category: 98, subcategory: 97, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixtieth set (20bh), development data since the thirty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20BH: Gate = { category: 99, subcategory: 99, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixty-first set (20bi), development data since the thirty-first round: what the rules hold on it, less one row. */
const HELD_OUT_20BI: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's sixty-second set (20bj), development data since the thirty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20BJ: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's sixty-third set (20bk), development data since the thirty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20BK: Gate = { category: 97, subcategory: 97, merchantPrecision: 97, merchantRecall: 96, recurrence: 99 };
/** Floors of issue 20's sixty-fourth set (20bl), development data since the thirty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20BL: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixty-fifth set (20bm), development data since the thirty-second round: what the rules hold on it, less one row. */
const HELD_OUT_20BM: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's sixty-sixth set (20bn), development data since the thirty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20BN: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixty-seventh set (20bo), development data since the thirty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20BO: Gate = { category: 97, subcategory: 97, merchantPrecision: 98, merchantRecall: 99, recurrence: 99 };
/** Floors of issue 20's sixty-eighth set (20bp), development data since the thirty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20BP: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };
/** Floors of issue 20's sixty-ninth set (20bq), development data since the thirty-third round: what the rules hold on it, less one row. */
const HELD_OUT_20BQ: Gate = { category: 98, subcategory: 98, merchantPrecision: 99, merchantRecall: 99, recurrence: 99 };
/** Floors of the fourth round's probe rows (enrichment-development-20-probes-4.json): what the rules hold on them, less one row. */
const PROBES_20_4: Gate = { category: 98, subcategory: 98, merchantPrecision: 98, merchantRecall: 98, recurrence: 99 };

function expectTargets(report: Report, gate: Gate = DEVELOPMENT): void {
  expect(report.category).toBeGreaterThanOrEqual(gate.category);
  if (gate.subcategory !== undefined) expect(report.subcategory).toBeGreaterThanOrEqual(gate.subcategory);
  expect(report.merchantPrecision).toBeGreaterThanOrEqual(gate.merchantPrecision);
  if (gate.merchantRecall !== undefined) expect(report.merchantRecall).toBeGreaterThanOrEqual(gate.merchantRecall);
  expect(report.recurrence).toBeGreaterThanOrEqual(gate.recurrence);
}

describe('enrichment accuracy', () => {
  const minimumRows: Record<string, number> = {
    'enrichment-labelled.json': 400,
    'enrichment-development.json': 400,
    'enrichment-heldout-20.json': 120,
    'enrichment-heldout-20b.json': 180,
    'enrichment-heldout-20c.json': 180,
    'enrichment-heldout-20d.json': 180,
    'enrichment-heldout-20e.json': 180,
    'enrichment-heldout-20f.json': 240,
    'enrichment-heldout-20g.json': 260,
    'enrichment-heldout-20h.json': 260,
    'enrichment-heldout-20i.json': 260,
    'enrichment-heldout-20j.json': 260,
    'enrichment-heldout-20k.json': 260,
    'enrichment-heldout-20l.json': 260,
    'enrichment-heldout-20m.json': 260,
    'enrichment-heldout-20n.json': 260,
    'enrichment-heldout-20o.json': 260,
    'enrichment-heldout-20p.json': 260,
    'enrichment-heldout-20q.json': 260,
    'enrichment-heldout-20r.json': 260,
    'enrichment-heldout-20s.json': 260,
    'enrichment-heldout-20t.json': 260,
    'enrichment-heldout-20u.json': 260,
    'enrichment-heldout-20v.json': 260,
    'enrichment-heldout-20w.json': 260,
    'enrichment-heldout-20x.json': 260,
    'enrichment-heldout-20y.json': 260,
    'enrichment-heldout-20z.json': 260,
    'enrichment-heldout-20aa.json': 260,
    'enrichment-heldout-20ab.json': 260,
    'enrichment-heldout-20ac.json': 260,
    'enrichment-heldout-20ad.json': 260,
    'enrichment-heldout-20ae.json': 260,
    'enrichment-heldout-20af.json': 260,
    'enrichment-heldout-20ag.json': 260,
    'enrichment-heldout-20ah.json': 260,
    'enrichment-heldout-20ai.json': 260,
    'enrichment-heldout-20aj.json': 260,
    'enrichment-heldout-20ak.json': 260,
    'enrichment-heldout-20al.json': 260,
    'enrichment-heldout-20am.json': 260,
    'enrichment-heldout-20an.json': 260,
    'enrichment-heldout-20ao.json': 260,
    'enrichment-heldout-20ap.json': 260,
    'enrichment-heldout-20aq.json': 260,
    'enrichment-heldout-20ar.json': 260,
    'enrichment-heldout-20as.json': 260,
    'enrichment-heldout-20at.json': 260,
    'enrichment-heldout-20au.json': 260,
    'enrichment-heldout-20av.json': 260,
    'enrichment-heldout-20aw.json': 260,
    'enrichment-heldout-20ax.json': 260,
    'enrichment-heldout-20ay.json': 260,
    'enrichment-heldout-20az.json': 260,
    'enrichment-heldout-20ba.json': 260,
    'enrichment-heldout-20bb.json': 260,
    'enrichment-heldout-20bc.json': 260,
    'enrichment-heldout-20bd.json': 260,
    'enrichment-heldout-20be.json': 260,
    'enrichment-heldout-20bf.json': 260,
    'enrichment-heldout-20bg.json': 260,
    'enrichment-heldout-20bh.json': 260,
    'enrichment-heldout-20bi.json': 260,
    'enrichment-heldout-20bj.json': 260,
    'enrichment-heldout-20bk.json': 260,
    'enrichment-heldout-20bl.json': 260,
    'enrichment-heldout-20bm.json': 260,
    'enrichment-heldout-20bn.json': 260,
    'enrichment-heldout-20bo.json': 260,
    'enrichment-heldout-20bp.json': 260,
    'enrichment-heldout-20bq.json': 260,
    'enrichment-heldout-20br.json': 260,
    'enrichment-heldout-20bs.json': 260,
    'enrichment-heldout-20bt.json': 260,
    'enrichment-heldout-20bu.json': 260,
    'enrichment-development-names.json': 20,
    'enrichment-development-20.json': 200,
    'enrichment-development-20-probes.json': 60,
    'enrichment-development-20-probes-4.json': 60,
    'enrichment-development-20-probes-5.json': 40,
  };
  for (const [name, minimum] of Object.entries(minimumRows)) {
    it(`${name}: labels are valid`, () => {
      const rows = load(name).flat();
      expect(rows.length).toBeGreaterThanOrEqual(minimum);
      for (const t of rows) expect(() => subcategory(t.expect[0])).not.toThrow();
      if (name === 'enrichment-development.json') for (const t of rows) if (t.expect[1] !== null) expect(merchantByKey(t.expect[1]), t.expect[1]).toBeDefined();
    });
  }

  it('meets the targets on the held-out set (the gate)', () => {
    const report = evaluate('enrichment-labelled.json', enrichFixture('enrichment-labelled.json'), 'keys');
    console.log(report.text);
    expectTargets(report, HELD_OUT);
  });

  it('does not regress on the development set', () => {
    const report = evaluate('enrichment-development.json', enrichFixture('enrichment-development.json'), 'keys');
    console.log(report.text);
    expectTargets(report);
  });

  it('does not regress on the development rows named by display name', () => {
    const report = evaluate('enrichment-development-names.json', enrichFixture('enrichment-development-names.json'), 'names');
    console.log(report.text);
    expectTargets(report);
  });

  // Issue 20's sets that are development data now, each held to its floors per pattern.
  it.each([
    { name: 'the second development set of issue 20', file: 'enrichment-development-20.json', floors: DEVELOPMENT_20 },
    { name: 'the first set of issue 20 (development data since its second round)', file: 'enrichment-heldout-20.json', floors: HELD_OUT_20 },
    { name: 'the second set of issue 20 (20b; development data since its third round)', file: 'enrichment-heldout-20b.json', floors: HELD_OUT_20B },
    { name: 'the probe rows of the third round of issue 20', file: 'enrichment-development-20-probes.json', floors: PROBES_20 },
    { name: 'the third set of issue 20 (20c; development data since its fourth round)', file: 'enrichment-heldout-20c.json', floors: HELD_OUT_20C },
    { name: 'the probe rows of the fourth round of issue 20', file: 'enrichment-development-20-probes-4.json', floors: PROBES_20_4 },
    { name: 'the probe rows of the fifth round of issue 20', file: 'enrichment-development-20-probes-5.json', floors: PROBES_20_5 },
    { name: 'the fourth set of issue 20 (20d; development data since its fifth round)', file: 'enrichment-heldout-20d.json', floors: HELD_OUT_20D },
    { name: 'the fifth set of issue 20 (20e; development data since its sixth round)', file: 'enrichment-heldout-20e.json', floors: HELD_OUT_20E },
    { name: 'the sixth set of issue 20 (20f; development data since its seventh round)', file: 'enrichment-heldout-20f.json', floors: HELD_OUT_20F },
    { name: 'the seventh set of issue 20 (20g; development data since its seventh round)', file: 'enrichment-heldout-20g.json', floors: HELD_OUT_20G },
    { name: 'the eighth set of issue 20 (20h; development data since its eighth round)', file: 'enrichment-heldout-20h.json', floors: HELD_OUT_20H },
    { name: 'the ninth set of issue 20 (20i; development data since its eighth round)', file: 'enrichment-heldout-20i.json', floors: HELD_OUT_20I },
    { name: 'the tenth set of issue 20 (20j; development data since its ninth round)', file: 'enrichment-heldout-20j.json', floors: HELD_OUT_20J },
    { name: 'the eleventh set of issue 20 (20k; development data since its ninth round)', file: 'enrichment-heldout-20k.json', floors: HELD_OUT_20K },
    { name: 'the twelfth set of issue 20 (20l; development data since its tenth round)', file: 'enrichment-heldout-20l.json', floors: HELD_OUT_20L },
    { name: 'the thirteenth set of issue 20 (20m; development data since its tenth round)', file: 'enrichment-heldout-20m.json', floors: HELD_OUT_20M },
    { name: 'the fourteenth set of issue 20 (20n; development data since its eleventh round)', file: 'enrichment-heldout-20n.json', floors: HELD_OUT_20N },
    { name: 'the fifteenth set of issue 20 (20o; development data since its eleventh round)', file: 'enrichment-heldout-20o.json', floors: HELD_OUT_20O },
    { name: 'the sixteenth set of issue 20 (20p; development data since its twelfth round)', file: 'enrichment-heldout-20p.json', floors: HELD_OUT_20P },
    { name: 'the seventeenth set of issue 20 (20q; development data since its twelfth round)', file: 'enrichment-heldout-20q.json', floors: HELD_OUT_20Q },
    { name: 'the eighteenth set of issue 20 (20r; development data since its thirteenth round)', file: 'enrichment-heldout-20r.json', floors: HELD_OUT_20R },
    { name: 'the nineteenth set of issue 20 (20s; development data since its thirteenth round)', file: 'enrichment-heldout-20s.json', floors: HELD_OUT_20S },
    { name: 'the twentieth set of issue 20 (20t; development data since its fourteenth round)', file: 'enrichment-heldout-20t.json', floors: HELD_OUT_20T },
    { name: 'the twenty-first set of issue 20 (20u; development data since its fourteenth round)', file: 'enrichment-heldout-20u.json', floors: HELD_OUT_20U },
    { name: 'the twenty-second set of issue 20 (20v; development data since its fifteenth round)', file: 'enrichment-heldout-20v.json', floors: HELD_OUT_20V },
    { name: 'the twenty-third set of issue 20 (20w; development data since its fifteenth round)', file: 'enrichment-heldout-20w.json', floors: HELD_OUT_20W },
    { name: 'the twenty-fourth set of issue 20 (20x; development data since its sixteenth round)', file: 'enrichment-heldout-20x.json', floors: HELD_OUT_20X },
    { name: 'the twenty-fifth set of issue 20 (20y; development data since its sixteenth round)', file: 'enrichment-heldout-20y.json', floors: HELD_OUT_20Y },
    { name: 'the twenty-sixth set of issue 20 (20z; development data since its seventeenth round)', file: 'enrichment-heldout-20z.json', floors: HELD_OUT_20Z },
    { name: 'the twenty-seventh set of issue 20 (20aa; development data since its seventeenth round)', file: 'enrichment-heldout-20aa.json', floors: HELD_OUT_20AA },
    { name: 'the twenty-eighth set of issue 20 (20ab; development data since its eighteenth round)', file: 'enrichment-heldout-20ab.json', floors: HELD_OUT_20AB },
    { name: 'the twenty-ninth set of issue 20 (20ac; development data since its eighteenth round)', file: 'enrichment-heldout-20ac.json', floors: HELD_OUT_20AC },
    { name: 'the thirtieth set of issue 20 (20ad; development data since its nineteenth round)', file: 'enrichment-heldout-20ad.json', floors: HELD_OUT_20AD },
    { name: 'the thirty-first set of issue 20 (20ae; development data since its nineteenth round)', file: 'enrichment-heldout-20ae.json', floors: HELD_OUT_20AE },
    { name: 'the thirty-second set of issue 20 (20af; development data since its twentieth round)', file: 'enrichment-heldout-20af.json', floors: HELD_OUT_20AF },
    { name: 'the thirty-third set of issue 20 (20ag; development data since its twentieth round)', file: 'enrichment-heldout-20ag.json', floors: HELD_OUT_20AG },
    { name: 'the thirty-fourth set of issue 20 (20ah; development data since its twentieth round)', file: 'enrichment-heldout-20ah.json', floors: HELD_OUT_20AH },
    { name: 'the thirty-fifth set of issue 20 (20ai; development data since its twentieth round)', file: 'enrichment-heldout-20ai.json', floors: HELD_OUT_20AI },
    { name: 'the thirty-sixth set of issue 20 (20aj; development data since its twenty-first round)', file: 'enrichment-heldout-20aj.json', floors: HELD_OUT_20AJ },
    { name: 'the thirty-seventh set of issue 20 (20ak; development data since its twenty-first round)', file: 'enrichment-heldout-20ak.json', floors: HELD_OUT_20AK },
    { name: 'the thirty-eighth set of issue 20 (20al; development data since its twenty-second round)', file: 'enrichment-heldout-20al.json', floors: HELD_OUT_20AL },
    { name: 'the thirty-ninth set of issue 20 (20am; development data since its twenty-second round)', file: 'enrichment-heldout-20am.json', floors: HELD_OUT_20AM },
    { name: 'the fortieth set of issue 20 (20an; development data since its twenty-third round)', file: 'enrichment-heldout-20an.json', floors: HELD_OUT_20AN },
    { name: 'the forty-first set of issue 20 (20ao; development data since its twenty-third round)', file: 'enrichment-heldout-20ao.json', floors: HELD_OUT_20AO },
    { name: 'the forty-second set of issue 20 (20ap; development data since its twenty-fourth round)', file: 'enrichment-heldout-20ap.json', floors: HELD_OUT_20AP },
    { name: 'the forty-third set of issue 20 (20aq; development data since its twenty-fourth round)', file: 'enrichment-heldout-20aq.json', floors: HELD_OUT_20AQ },
    { name: 'the forty-fourth set of issue 20 (20ar; development data since its twenty-fifth round)', file: 'enrichment-heldout-20ar.json', floors: HELD_OUT_20AR },
    { name: 'the forty-fifth set of issue 20 (20as; development data since its twenty-fifth round)', file: 'enrichment-heldout-20as.json', floors: HELD_OUT_20AS },
    { name: 'the forty-sixth set of issue 20 (20at; development data since its twenty-sixth round)', file: 'enrichment-heldout-20at.json', floors: HELD_OUT_20AT },
    { name: 'the forty-seventh set of issue 20 (20au; development data since its twenty-sixth round)', file: 'enrichment-heldout-20au.json', floors: HELD_OUT_20AU },
    { name: 'the forty-eighth set of issue 20 (20av; development data since its twenty-seventh round)', file: 'enrichment-heldout-20av.json', floors: HELD_OUT_20AV },
    { name: 'the forty-ninth set of issue 20 (20aw; development data since its twenty-seventh round)', file: 'enrichment-heldout-20aw.json', floors: HELD_OUT_20AW },
    { name: 'the fiftieth set of issue 20 (20ax; development data since its twenty-eighth round)', file: 'enrichment-heldout-20ax.json', floors: HELD_OUT_20AX },
    { name: 'the fifty-first set of issue 20 (20ay; development data since its twenty-eighth round)', file: 'enrichment-heldout-20ay.json', floors: HELD_OUT_20AY },
    { name: 'the fifty-second set of issue 20 (20az; development data since its twenty-ninth round)', file: 'enrichment-heldout-20az.json', floors: HELD_OUT_20AZ },
    { name: 'the fifty-third set of issue 20 (20ba; development data since its twenty-ninth round)', file: 'enrichment-heldout-20ba.json', floors: HELD_OUT_20BA },
    { name: 'the fifty-fourth set of issue 20 (20bb; development data since its thirtieth round)', file: 'enrichment-heldout-20bb.json', floors: HELD_OUT_20BB },
    { name: 'the fifty-fifth set of issue 20 (20bc; development data since its thirtieth round)', file: 'enrichment-heldout-20bc.json', floors: HELD_OUT_20BC },
    { name: 'the fifty-sixth set of issue 20 (20bd; development data since its thirtieth round)', file: 'enrichment-heldout-20bd.json', floors: HELD_OUT_20BD },
    { name: 'the fifty-seventh set of issue 20 (20be; development data since its thirtieth round)', file: 'enrichment-heldout-20be.json', floors: HELD_OUT_20BE },
    { name: 'the fifty-eighth set of issue 20 (20bf; development data since its thirty-first round)', file: 'enrichment-heldout-20bf.json', floors: HELD_OUT_20BF },
    { name: 'the fifty-ninth set of issue 20 (20bg; development data since its thirty-first round)', file: 'enrichment-heldout-20bg.json', floors: HELD_OUT_20BG },
    { name: 'the sixtieth set of issue 20 (20bh; development data since its thirty-first round)', file: 'enrichment-heldout-20bh.json', floors: HELD_OUT_20BH },
    { name: 'the sixty-first set of issue 20 (20bi; development data since its thirty-first round)', file: 'enrichment-heldout-20bi.json', floors: HELD_OUT_20BI },
    { name: 'the sixty-second set of issue 20 (20bj; development data since its thirty-second round)', file: 'enrichment-heldout-20bj.json', floors: HELD_OUT_20BJ },
    { name: 'the sixty-third set of issue 20 (20bk; development data since its thirty-second round)', file: 'enrichment-heldout-20bk.json', floors: HELD_OUT_20BK },
    { name: 'the sixty-fourth set of issue 20 (20bl; development data since its thirty-second round)', file: 'enrichment-heldout-20bl.json', floors: HELD_OUT_20BL },
    { name: 'the sixty-fifth set of issue 20 (20bm; development data since its thirty-second round)', file: 'enrichment-heldout-20bm.json', floors: HELD_OUT_20BM },
    { name: 'the sixty-sixth set of issue 20 (20bn; development data since its thirty-third round)', file: 'enrichment-heldout-20bn.json', floors: HELD_OUT_20BN },
    { name: 'the sixty-seventh set of issue 20 (20bo; development data since its thirty-third round)', file: 'enrichment-heldout-20bo.json', floors: HELD_OUT_20BO },
    { name: 'the sixty-eighth set of issue 20 (20bp; development data since its thirty-third round)', file: 'enrichment-heldout-20bp.json', floors: HELD_OUT_20BP },
    { name: 'the sixty-ninth set of issue 20 (20bq; development data since its thirty-third round)', file: 'enrichment-heldout-20bq.json', floors: HELD_OUT_20BQ },
  ])('does not regress on $name, per pattern', ({ file, floors }) => {
    expectTargets(reportPerPattern(file), floors);
  });

  it.each([
    { name: 'the seventieth held-out set of issue 20 (20br)', file: 'enrichment-heldout-20br.json' },
    { name: 'the seventy-first held-out set of issue 20 (20bs)', file: 'enrichment-heldout-20bs.json' },
    { name: 'the seventy-second held-out set of issue 20 (20bt)', file: 'enrichment-heldout-20bt.json' },
    { name: 'the seventy-third held-out set of issue 20 (20bu)', file: 'enrichment-heldout-20bu.json' },
  ])('reports $name, per pattern (no gate)', ({ file }) => {
    reportPerPattern(file);
  });
});
