/**
 * Languages of the hosted connect flow (issue 5: en, cs, sk, de, pl at least), with i18next and
 * one message file per language in `locales/`. A session's `locale` (ISO 639-1) picks the
 * language; any other language falls back to English. Values are HTML-escaped by the templates.
 */
import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';

export const LANGUAGES = ['en', 'cs', 'sk', 'de', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The message file of `language`, parsed. */
export function messagesOf(language: Language): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8'));
}

const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: messagesOf(language) }])),
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The supported language for an ISO 639-1 `locale` (English when unsupported or absent). */
export function languageOf(locale: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : 'en';
}

/**
 * The browser's preferred supported language (Accept-Language, negotiated by @fastify/accepts,
 * registered for the hosted pages in app.ts), for pages that know no session; English otherwise.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOf(request.languages([...LANGUAGES]) || 'en');
}

/** A translate function bound to `language`. */
export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
