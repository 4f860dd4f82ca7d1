/**
 * The languages of the back office (docs/decisions/0021-languages.md): English, the default and the
 * source of every text, and Hindi. Each is named in its own script wherever a person chooses it.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** How the choice names each language: in that language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The answer to setting the account's language, in the language just chosen. */
export const LANGUAGE_SET_MESSAGES: Readonly<Record<Language, string>> = {
  en: 'The back office is now in English.',
  hi: 'बैक ऑफ़िस अब हिन्दी में है।',
};

/**
 * Hindi's short month names, January first, as a day is written in Hindi (28-नव॰-2026;
 * docs/glossary-hi.md): the usual abbreviations, with the Devanagari abbreviation sign.
 */
export const HINDI_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'] as const;
