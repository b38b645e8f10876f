/**
 * Writes src/modules/enrichment/data/osm-business-kinds.json: the words for kinds of business
 * (a café, a museum, a florist...) in the European languages, taken from the names, aliases and
 * search terms of the presets of OpenStreetMap's iD editor (the npm package
 * @openstreetmap/id-tagging-schema, ISC licence), each filed under the enrichment subcategory
 * its OSM tag stands for (TAG_SUBCATEGORIES below). Enrichment reads them as its last signal,
 * for money spent that nothing else explains (categorise.ts, docs/categories.md "Kinds of
 * business from OpenStreetMap").
 *
 * A word is kept only when every preset naming it stands for the same subcategory ("restaurant"
 * names a café in French too: dropped) and no preset outside the table names it (a word of
 * roads, buildings or nature says nothing of a business). One-word terms of five letters or more
 * become stems (`museu*`: "MUSEUS"), and in languages that write compounds as one word, endings
 * too (`*apotek`: "HJORTEAPOTEK"); shorter ones match whole words only.
 *
 * Run: `npm run enrichment:osm-kinds` (after changing the table, the languages or the package
 * version); the output is committed, so the service needs no package at run time.
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hasDigit, tokenize } from '../src/modules/enrichment/text.ts';

/** Latin-script languages of the places Czech and Slovak account holders live, work and travel in. */
const LANGUAGES = ['en', 'en-GB', 'en-IE', 'cs', 'sk', 'pl', 'de', 'de-AT', 'de-CH', 'hu', 'hr', 'sl', 'bs', 'it', 'es', 'ca', 'gl', 'eu', 'pt', 'fr', 'nl', 'nl-BE', 'da', 'sv', 'nb', 'no', 'nn', 'fi', 'is', 'et', 'lv', 'lt', 'ro', 'tr', 'sq', 'mt', 'ga', 'cy', 'lb', 'rm', 'fy'];
/** Languages writing a kind of business as the last part of a compound ("Stadtapotheke", "Hjorteapotek", "Halászcsárda"). */
const COMPOUNDING = new Set(['de', 'de-AT', 'de-CH', 'nl', 'nl-BE', 'da', 'sv', 'nb', 'no', 'nn', 'is', 'fi', 'et', 'hu', 'lb', 'fy']);
const STEM_MIN = 5;
/** A search term ("gelataria", "pølsevogn"; weaker than a name: "mala", a suitcase, is a bag shop's) counts from seven letters, as a stem too. */
const TERM_MIN = 7;
const ENDING_MIN = 5;
const WORD_MIN = 3;

/**
 * Subcategory (data/categories.json) of each OSM tag `key=value` whose places are paid by card or
 * transfer, as docs/categories.md's table "Where each kind of payment goes" places that kind of
 * business. Tags left out (a town hall, a bank, a laundry) name no single kind of payment.
 */
const TAG_SUBCATEGORIES: Record<string, number> = {
  // Restaurants & cafés
  'amenity=restaurant': 401, 'craft=caterer': 401,
  'amenity=fast_food': 402, 'amenity=food_court': 402,
  'amenity=cafe': 403, 'amenity=bar': 403, 'amenity=pub': 403, 'amenity=biergarten': 403, 'amenity=ice_cream': 403, 'amenity=hookah_lounge': 403, 'amenity=nightclub': 403,
  // Groceries
  'shop=supermarket': 301, 'shop=convenience': 301, 'shop=frozen_food': 301, 'shop=beverages': 301, 'shop=alcohol': 301, 'shop=wine': 301, 'shop=health_food': 301,
  'shop=bakery': 303, 'shop=butcher': 303, 'shop=pastry': 303, 'shop=confectionery': 303, 'shop=chocolate': 303, 'shop=cheese': 303, 'shop=dairy': 303, 'shop=deli': 303, 'shop=greengrocer': 303,
  'shop=seafood': 303, 'shop=farm': 303, 'shop=spices': 303, 'shop=tea': 303, 'shop=coffee': 303, 'shop=honey': 303, 'shop=nuts': 303, 'shop=pasta': 303, 'amenity=marketplace': 303, 'craft=confectionery': 303,
  // Transport
  'amenity=fuel': 501, 'amenity=charging_station': 501,
  'amenity=taxi': 503,
  'amenity=ferry_terminal': 504,
  'amenity=parking': 505, 'amenity=parking_entrance': 505, 'amenity=motorcycle_parking': 505,
  'amenity=car_wash': 506, 'amenity=vehicle_inspection': 506, 'shop=car': 506, 'shop=car_parts': 506, 'shop=car_repair': 506, 'shop=tyres': 506, 'shop=caravan': 506, 'shop=motorcycle': 506, 'shop=motorcycle_repair': 506,
  'amenity=car_rental': 507, 'amenity=car_sharing': 507, 'amenity=motorcycle_rental': 507,
  // Shopping
  'shop=department_store': 601, 'shop=general': 601, 'shop=variety_store': 601, 'shop=mall': 601, 'shop=country_store': 601, 'shop=second_hand': 601, 'shop=charity': 601, 'shop=wholesale': 601, 'shop=tobacco': 601, 'shop=pawnbroker': 601,
  'shop=electronics': 602, 'shop=computer': 602, 'shop=appliance': 602, 'shop=hifi': 602, 'shop=mobile_phone': 602, 'shop=mobile_phone_accessories': 602, 'shop=camera': 602, 'shop=printer_ink': 602, 'shop=vacuum_cleaner': 602,
  'shop=clothes': 603, 'shop=shoes': 603, 'shop=bag': 603, 'shop=fashion_accessories': 603, 'shop=jewelry': 603, 'shop=watches': 603, 'shop=leather': 603, 'shop=tailor': 603, 'craft=dressmaker': 603, 'craft=shoemaker': 603, 'craft=watchmaker': 603,
  'shop=chemist': 604, 'shop=cosmetics': 604, 'shop=perfumery': 604, 'shop=hairdresser_supply': 604, 'shop=nutrition_supplements': 604,
  'shop=sports': 606, 'shop=outdoor': 606, 'shop=bicycle': 606, 'shop=fishing': 606, 'shop=hunting': 606, 'shop=scuba_diving': 606, 'shop=water_sports': 606, 'shop=musical_instrument': 606, 'shop=model': 606, 'shop=craft': 606,
  'shop=fabric': 606, 'shop=sewing': 606, 'shop=brewing_supplies': 606, 'shop=weapons': 606,
  'shop=books': 607, 'shop=stationery': 607, 'shop=newsagent': 607, 'shop=kiosk': 607, 'shop=toys': 607, 'shop=games': 607, 'shop=gift': 607, 'shop=florist': 607, 'shop=art': 607, 'shop=frame': 607, 'shop=music': 607,
  'shop=party': 607, 'shop=trophy': 607, 'shop=anime': 607, 'shop=baby_goods': 607, 'shop=pottery': 607, 'shop=candles': 607,
  'shop=pet': 608, 'shop=pet_grooming': 608, 'amenity=veterinary': 608, 'amenity=veterinary_pharmacy': 608, 'amenity=animal_boarding': 608,
  // Home
  'shop=furniture': 204, 'shop=doityourself': 204, 'shop=hardware': 204, 'shop=trade': 204, 'shop=garden_centre': 204, 'shop=houseware': 204, 'shop=kitchen': 204, 'shop=interior_decoration': 204, 'shop=carpet': 204,
  'shop=curtain': 204, 'shop=lighting': 204, 'shop=paint': 204, 'shop=tiles': 204, 'shop=flooring': 204, 'shop=doors': 204, 'shop=bed': 204, 'shop=bathroom_furnishing': 204, 'shop=household_linen': 204, 'shop=window_blind': 204,
  'shop=fireplace': 204, 'shop=tool_hire': 204, 'craft=carpenter': 204, 'craft=joiner': 204, 'craft=electrician': 204, 'craft=plumber': 204, 'craft=painter': 204, 'craft=roofer': 204, 'craft=tiler': 204, 'craft=glaziery': 204,
  'craft=floorer': 204, 'craft=parquet_layer': 204, 'craft=hvac': 204, 'craft=insulation': 204, 'craft=upholsterer': 204, 'craft=window_construction': 204, 'craft=stonemason': 204, 'craft=chimney_sweeper': 204, 'craft=plasterer': 204,
  'craft=carpet_layer': 204, 'craft=key_cutter': 204, 'craft=sawmill': 204,
  // Health, sport, beauty
  'amenity=pharmacy': 901, 'shop=medical_supply': 901,
  'amenity=doctors': 902, 'amenity=dentist': 902, 'amenity=clinic': 902, 'amenity=hospital': 902, 'shop=optician': 902, 'shop=hearing_aids': 902, 'healthcare=dentist': 902, 'healthcare=physiotherapist': 902,
  'healthcare=psychotherapist': 902, 'healthcare=optometrist': 902, 'healthcare=audiologist': 902, 'healthcare=laboratory': 902, 'healthcare=podiatrist': 902, 'healthcare=speech_therapist': 902, 'healthcare=rehabilitation': 902,
  'healthcare=midwife': 902, 'healthcare=occupational_therapist': 902,
  'leisure=fitness_centre': 903, 'leisure=sports_centre': 903, 'leisure=sports_hall': 903, 'leisure=golf_course': 903, 'leisure=horse_riding': 903, 'amenity=dojo': 903, 'club=sport': 903,
  'shop=hairdresser': 904, 'shop=beauty': 904, 'shop=massage': 904, 'shop=tattoo': 904, 'shop=piercing': 904,
  // Travel and leisure
  'tourism=hotel': 1002, 'tourism=motel': 1002, 'tourism=hostel': 1002, 'tourism=guest_house': 1002, 'tourism=apartment': 1002, 'tourism=chalet': 1002, 'tourism=alpine_hut': 1002, 'tourism=wilderness_hut': 1002,
  'tourism=camp_site': 1002, 'tourism=caravan_site': 1002, 'leisure=resort': 1002,
  'shop=travel_agency': 1003, 'office=guide': 1003,
  'amenity=cinema': 1101, 'amenity=theatre': 1101, 'amenity=arts_centre': 1101, 'amenity=events_venue': 1101, 'amenity=exhibition_centre': 1101, 'leisure=stadium': 1101, 'shop=ticket': 1101,
  'tourism=museum': 1103, 'tourism=gallery': 1103, 'tourism=zoo': 1103, 'tourism=aquarium': 1103, 'tourism=theme_park': 1103, 'tourism=attraction': 1103, 'amenity=planetarium': 1103, 'amenity=public_bath': 1103,
  'amenity=karaoke_box': 1103, 'amenity=boat_rental': 1103, 'amenity=dive_centre': 1103, 'leisure=water_park': 1103, 'leisure=amusement_arcade': 1103, 'leisure=bowling_alley': 1103, 'leisure=escape_game': 1103,
  'leisure=miniature_golf': 1103, 'leisure=trampoline_park': 1103, 'leisure=ice_rink': 1103, 'leisure=indoor_play': 1103, 'leisure=beach_resort': 1103, 'leisure=sauna': 1103, 'attraction=*': 1103,
  'amenity=casino': 1104, 'amenity=gambling': 1104, 'shop=bookmaker': 1104, 'shop=lottery': 1104, 'leisure=adult_gaming_centre': 1104,
  // Money, education, services
  'amenity=bureau_de_change': 1201, 'amenity=money_transfer': 1204,
  'amenity=school': 1701, 'amenity=college': 1701, 'amenity=university': 1701, 'amenity=language_school': 1701, 'amenity=music_school': 1701, 'amenity=driving_school': 1701, 'amenity=dancing_school': 1701, 'amenity=prep_school': 1701,
  'education=*': 1701,
  'amenity=kindergarten': 1702, 'amenity=childcare': 1702, 'education=kindergarten': 1702, 'leisure=summer_camp': 1702, 'club=scout': 1702,
  'amenity=post_office': 2001, 'amenity=parcel_locker': 2001, 'office=moving_company': 2001,
  'office=lawyer': 2002, 'office=notary': 2002, 'office=accountant': 2002, 'office=tax_advisor': 2002, 'office=translator': 2002, 'office=architect': 2002, 'office=surveyor': 2002, 'office=estate_agent': 2002,
  'office=consulting': 2002, 'office=engineer': 2002,
  'office=advertising_agency': 2003, 'office=graphic_design': 2003, 'office=it': 2003, 'office=employment_agency': 2003, 'office=security': 2003, 'office=coworking': 2003, 'amenity=coworking_space': 2003, 'shop=copyshop': 2003,
  'craft=photographer': 2003, 'craft=signmaker': 2003,
  'office=insurance': 1604, 'office=energy_supplier': 701, 'office=water_utility': 702, 'office=newspaper': 804,
};

/** Top-level keys of presets that name places (the others name roads, buildings, nature...: their words are no business's). */
const PLACE_KEYS = new Set(['amenity', 'shop', 'tourism', 'leisure', 'craft', 'office', 'healthcare', 'attraction', 'club', 'education']);
/** Presets whose words name a building or a structure, not who runs it: ignored. */
const IGNORED_KEYS = new Set(['building', 'type', 'disused', 'indoor', 'area', 'advertising']);

interface Preset { tags?: Record<string, string>; name?: string; terms?: string[]; aliases?: string[] }
interface Translation { name?: string; terms?: string; aliases?: string }

const require = createRequire(import.meta.url);
const schemaDir = dirname(require.resolve('@openstreetmap/id-tagging-schema/package.json'));
const schemaVersion = (JSON.parse(readFileSync(join(schemaDir, 'package.json'), 'utf8')) as { version: string }).version;
const presets = JSON.parse(readFileSync(join(schemaDir, 'dist/presets.json'), 'utf8')) as Record<string, Preset>;

/** The subcategory a preset stands for, 0 for a place kind outside the table, null for presets to ignore. */
function subcategoryOf(id: string, preset: Preset): number | null {
  const key = id.split('/')[0]!;
  if (IGNORED_KEYS.has(key) || id.startsWith('@') || preset.tags === undefined) return null;
  const value = preset.tags[key];
  if (value === undefined) return null;
  return TAG_SUBCATEGORIES[`${key}=${value}`] ?? TAG_SUBCATEGORIES[`${key}=*`] ?? 0;
}

/**
 * Each phrase's subcategories (0: also a word of some other kind of place or thing); `named`: a
 * preset's name or alias, not only a search term ("Geladaria", not "sorvete"); `compound`: named
 * so in a language writing compounds.
 */
const phrases = new Map<string, { subcategories: Set<number>; named: boolean; compound: boolean }>();
function note(text: string, sub: number, language: string, named: boolean): void {
  const words = tokenize(text);
  if (words.length === 0 || words.length > 3 || words.some(hasDigit) || words.join('').length < (named ? WORD_MIN : TERM_MIN)) return;
  const phrase = words.join(' ');
  const entry = phrases.get(phrase) ?? { subcategories: new Set<number>(), named: false, compound: false };
  entry.subcategories.add(sub);
  if (named) entry.named = true;
  if (named && COMPOUNDING.has(language)) entry.compound = true;
  phrases.set(phrase, entry);
}
/** Notes a preset's English words and those of every language. */
function noteAll(id: string, preset: Preset, sub: number): void {
  for (const text of [preset.name ?? '', ...(preset.aliases ?? [])]) note(text, sub, 'en', true);
  for (const text of preset.terms ?? []) note(text, sub, 'en', false);
  for (const [language, list] of translations) {
    const t = list[id];
    if (!t) continue;
    for (const text of [t.name ?? '', ...(t.aliases ?? '').split('\n')]) note(text, sub, language, true);
    for (const text of (t.terms ?? '').split(',')) note(text, sub, language, false);
  }
}

const translations = new Map<string, Record<string, Translation>>();
for (const language of LANGUAGES) {
  if (language === 'en') continue;
  const file = JSON.parse(readFileSync(join(schemaDir, `dist/translations/${language}.json`), 'utf8')) as Record<string, { presets?: { presets?: Record<string, Translation> } }>;
  translations.set(language, file[language]?.presets?.presets ?? {});
}
for (const [id, preset] of Object.entries(presets)) {
  const sub = subcategoryOf(id, preset);
  if (sub === null) continue;
  // A word of a road, a building or nature marks the phrase as no business's.
  noteAll(id, preset, PLACE_KEYS.has(id.split('/')[0]!) ? sub : 0);
}

const bySubcategory = new Map<number, string[]>();
for (const [phrase, { subcategories, named, compound }] of phrases) {
  if (subcategories.size !== 1) continue;
  const [sub] = subcategories;
  if (sub === 0) continue;
  const written = bySubcategory.get(sub!) ?? [];
  const oneWord = !phrase.includes(' ');
  written.push(oneWord && phrase.length >= STEM_MIN ? `${phrase}*` : phrase);
  if (oneWord && compound && phrase.length >= ENDING_MIN) written.push(`*${phrase}`);
  bySubcategory.set(sub!, written);
}

const out = {
  $comment:
    'GENERATED by scripts/osm-business-kinds.ts (npm run enrichment:osm-kinds); do not edit. Words for kinds of business in ' +
    `${LANGUAGES.length} languages from the names, aliases and search terms of the presets of OpenStreetMap's iD editor, ` +
    `@openstreetmap/id-tagging-schema ${schemaVersion} (ISC licence, Copyright (c) iD Contributors; see its LICENSE.md), ` +
    'filed under the subcategory of their OSM tag. Read by categorise.ts as the last signal of money spent (docs/categories.md, "Kinds of business from OpenStreetMap").',
  source: { package: '@openstreetmap/id-tagging-schema', version: schemaVersion, licence: 'ISC', languages: LANGUAGES },
  kinds: Object.fromEntries([...bySubcategory].sort(([a], [b]) => a - b).map(([sub, words]) => [String(sub), words.sort()])),
};
const target = new URL('../src/modules/enrichment/data/osm-business-kinds.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
const total = [...bySubcategory.values()].reduce((n, w) => n + w.length, 0);
console.log(`osm-business-kinds.json: ${total} phrases in ${bySubcategory.size} subcategories (${phrases.size} collected)`);
