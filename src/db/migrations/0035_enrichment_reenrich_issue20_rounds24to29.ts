/**
 * Re-enrichment with the rules of issue 20's twenty-fourth to twenty-ninth rounds (docs/categories.md,
 * "Kinds of business from OpenStreetMap", "Round 25" to "Round 29"):
 * - round 24: money spent that no other signal explains is placed by a word for its kind of
 *   business in the payee's descriptor, from OpenStreetMap's presets in 41 European languages
 *   (data/osm-business-kinds.json: "GELATARIA DA PRAIA LAGOS" 403, "KINDERSCHUHGESCHAEFT" 603),
 *   where it was 9901 Uncategorised spending;
 * - round 25: membership fees in Dutch, Nordic, Baltic, French, Italian, Spanish and Portuguese 903;
 *   holiday and thirteenth-month pay 101; car-wash lines 506; water heaters and boilers 204; ICA's
 *   formats, supermarkets' fuel stations, Nordic children's clothing, Bulgarian pharmacies, Baltic
 *   restaurant chains, hosting providers and Catawiki as merchants;
 * - round 26: a card text without a marker whose town follows a slash ("HOTEL TRIO /OLOMOUC 3 120,00
 *   CZK") names its merchant, and a decimal comma in an amount no longer parts a card text; Polish
 *   guesthouses (willa) 1002; motorbike, scooter and quad hire 507; Austria's Alpine toll roads 505;
 *   more payment gateways whose refunds name the shop (Besteron, TrustPay, ThePay, Paysera...);
 *   NH Collection and nhow as merchants of their own;
 * - round 27: a two-letter country code that is a word too ("ME", "IS", "NO") ending an upper-case
 *   card text is that country's; a first name that is a town ("Milan") stays a first name; tours and
 *   walks 1003; Slovene mountain huts 1002; AlzaPlus+ 805; kinds of business as the last part of a
 *   compound from five letters ("KANSALLISMUSEO");
 * - round 28: a fintech topped up from one's own account at another bank ("dobitie z VÚB") 1201;
 *   Romanian bakeries and vignettes, Swedish fishmongers, German art collections, Swiss club fees,
 *   Balaton boat trips; Norwegian.com, Boozt, Stockholm's SL and Coop Pronto as merchants;
 * - round 29: a fintech's "Cash at …" 1301; hot dogs, archaeological parks and adventure parks in
 *   more languages; Vy, The Fjords, Heritage Malta, Experimentarium, Sicily by Car, Zagrebparking.
 * Databases that ran 0034 keep those rows as they were otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
