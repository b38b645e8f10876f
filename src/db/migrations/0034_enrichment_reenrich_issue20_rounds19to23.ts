/**
 * Re-enrichment with the rules of issue 20's nineteenth to twenty-third rounds (docs/categories.md,
 * "Where each kind of payment goes", "Merchant names: the convention", "Round 19" to "Round 23"):
 * - firms named by their kind in Turkish, Nordic and Baltic words (hava yolları, hava taşımacılığı
 *   1001, iletişim 703, birleşik mağazalar 301, vapur, şehir hatları 504, glued *taksi 503, bageri…,
 *   torvehal…, saluhall, tirgus, turgus 303, glyptotek, *museet 1103, baklava, lokum 403...);
 * - whole families of European businesses without a word of their kind: airlines, ferry lines,
 *   airport coaches and trains, national railways, city transport operators, motorways, bridges and
 *   tunnels, theme parks and the best-known attractions of capitals, grocery chains of the Nordic,
 *   Baltic, Benelux, Iberian, British, Irish and Turkish markets, hotel chains, cafés and
 *   confectioners, telecom operators, fashion e-shops, bike sharing (about 330 merchants);
 * - the legal forms of every European country (A/S, Oyj, ASA, A.Ş., Ltd. Şti., SIA, UAB, OÜ, BVBA,
 *   SRL, SARL, S.L.U., Lda, EOOD, Sh.p.k., DOOEL...) are no part of a display name;
 * - a store word after a brand names its store, whatever site follows ("ORANGE PREDAJNA EUROPA SC",
 *   phone shop MCC: Orange Slovensko, 703); a branch's number after a card descriptor's name makes it
 *   a business ("PETRO JIH 07": Petro Jih, not a person); a web domain keeps its hyphenated parts
 *   ("KOLOBEZKY-SHOP.CZ": Kolobezky Shop.cz); a street opening with a preposition stays part of a
 *   school's name ("Základní škola Třebíč, Na Kopcích");
 * - fintechs' conversions ("Converted 6,000.00 CZK to 11,450.38 TRY") and top-ups by one's own card
 *   ("Top-up by *4471"), either way, 1201; Czech and Slovak words of running, scooter, e-bike,
 *   board-game and model shops, online language schools, ballet and dance schools, farm shops,
 *   season tickets sold by kiosks;
 * - the list's Generali is shown as "Generali Česká pojišťovna", DoubleTree as "DoubleTree by
 *   Hilton"; Slovnaft BAJK (bike sharing) is Slovnaft's business of its own, Rema 1000 a chain;
 * - recurrence: a monthly series resuming after the summer takes a payment whose note opens with its
 *   own word, not the payee's other fee paid earlier that month.
 * - round 20: a joiner's supplies by their Czech and Slovak words (pila, píla, řezivo, kování,
 *   nářadí, náradie, nástroje; dřevo* for businesses only) 204; marinas and boat hire (marina, najam
 *   broda/brodica/plovila, yacht/sail/boat charter) 1103, Hungarian komp 504, *schiffahrt boat trips
 *   1003; Alpine huts (*hütte, *huette, rifugio, malga) 401; campers (obytné auto, karavan, Wohnmobil)
 *   507; Romanian, Greek and Hungarian kinds (muzeul, crama, cafeneaua, gyradiko, palacsintázó,
 *   mobilfizetési), Italian trasporti 502, Enilive 501; Slovak vets (zverolekár*) 608 and accounting
 *   (účtovníc*, also from a person) 2002; waste fees in the genitive (odpadového hospodářství) 705.
 * - round 21: an internet provider's "-Net" stays in its name ("Považie-Net", "LIPTOV-NET",
 *   "Hlinecký net"); a brand's formats and other businesses as merchants of their own (Carrefour
 *   City, Carrefour Contact, SNCF Connect, hub by Premier Inn, M&S Simply Food, Sainsbury's Local);
 *   utilities by their initials (VAS, SVAK); Norway's trains, ferries, fjord trips, lifts, grocery
 *   chains, car parks and cafés, department stores (KaDeWe, Harrods...), camera and electronics
 *   shops, Italian residenze 1002, gas-boiler service 204, national parks' tickets 1103, a sport
 *   club's training camp (sústredenie, soustředění, Trainingslager) 1702.
 * - round 22: a fintech's own plan or account fee ("bunq Core subscription", "Premium plan fee",
 *   "Metal plan") is a bank fee 1401 without merchant; about 410 words of kinds of business in the
 *   languages of round 18 (distilleries, visitor centres, storehouses, mountain railways and lifts,
 *   aquariums, castles, zoos, viewpoints 1103; garni, guest houses, hostels 1002; boat trips and
 *   travel agencies 1003; transport operators (*trafik) 502; railways and ferries 504; sports, bike
 *   and fishing shops 606; phone accessories and electronics 602; electrical supplies and hardware
 *   204; courses and trainings 1701; bakeries, butchers, markets 303; cafés 403; theatres 1101),
 *   and about 470 more for the other kinds the table places (groceries, drugstores, pharmacies,
 *   dentists and opticians, clothing, pets and vets, fuel, garages, parking, taxis, hairdressers,
 *   gyms and pools, books, toys, florists, car rental, fast food; cathedrals, theme parks,
 *   campsites); a farm stay (agriturismo) 1002, no longer a restaurant; the best-known mountain
 *   railways by name 1103; Legoland Hotel, LEGO House, Strömma, Den Blå Planet in the list; DARS by
 *   its e-vignette; a Polish parking zone named by no merchant (an authority's words only).
 * - round 23: a fintech's fees of every kind ("Fee for ATM withdrawal in foreign currency", currency
 *   conversion, card delivery, plan and account fees) are bank fees 1401 without merchant; a sole
 *   trader's supplies trade by trade in Czech and Slovak (beekeeping, sewing machines, hairdressing,
 *   butchers', bakers', vintners', painters', locksmiths', plumbers', roofers', packaging...) 2003;
 *   fabrics and haberdashery 606, kitchen knives 204; Icelandic words of stays (gistiheimili), cafés
 *   (kaffihús), pools (sundlaug, sundhöll), hot dogs (pylsur), car hire (bílaleiga), tours and
 *   museums; Canarian guachinches 401; chains known by name (DISA, Cicar, HiperDino, Bónus,
 *   Krónan, Orkan, Olís, Kastrati...); a bank's complaint about a card transaction ("Reklamace
 *   karetní transakce: ELEKTROSPOT.CZ, ...") names the card text's merchant; IKEA Restaurant 401.
 * Databases that ran 0033 keep stale categories, merchants and recurrence otherwise. The same work as
 * 0018: every account's stored transactions enriched again inside the migration's transaction, only
 * changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
