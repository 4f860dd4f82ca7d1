import { DEFAULT_LANGUAGE, formatDayIn, isLanguage, type Language } from '@playrep/contracts';

/**
 * The language of the mails (docs/decisions/0021-languages.md): each kind's template takes its words
 * from a table with one entry per language (its `..._WORDS`), chosen by the recipient's account
 * language. Usernames, game names, figures (Indian grouping, Latin digits) and links stay as they are.
 */

/** The words of one kind of mail, in every language. */
export type MailWords<Words> = Readonly<Record<Language, Words>>;

/** The recipient's language as read from its account (or a statement's row): English when unknown. */
export const mailLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** A day ('YYYY-MM-DD') as a mail in `language` writes it: 05-Mar-2025, 05-मार्च-2025 (docs/glossary-hi.md, Months). */
export const mailDay = formatDayIn;
