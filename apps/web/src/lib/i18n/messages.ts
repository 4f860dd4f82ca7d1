import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageId } from './hindi-catalogue-type';
import { currentHindi, type currentLanguage, useLanguage } from './language';
import { EN_APP } from './messages-app';
import { EN_SIGN_IN } from './messages-sign-in';

/**
 * The app's texts in the current language, formatted by FormatJS's intl-messageformat (ICU message
 * format: arguments and plurals by the language's plural rules; docs/decisions/0021-languages.md).
 * Figures go in already written (formatInt, formatAmount: Indian grouping, Latin digits), so that
 * no Intl number format is made here; a plural takes the count as a number beside them.
 */

export type { MessageId } from './hindi-catalogue-type';

export type MessageValues = Readonly<Record<string, string | number>>;

const ENGLISH: Readonly<Record<MessageId, string>> = { ...EN_SIGN_IN, ...EN_APP };
const LOCALES = { en: 'en-IN', hi: 'hi-IN' } as const;
const formats = new Map<string, IntlMessageFormat>();

/** The text of `id` in the current language, its arguments filled in. */
export function message(id: MessageId, values?: MessageValues): string {
  const hindi = currentHindi();
  const source = hindi ? hindi.messages[id] : ENGLISH[id];
  if (!values && !source.includes('{')) return source;
  const language = hindi ? 'hi' : 'en';
  const key = `${language}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, LOCALES[language]);
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * A label the contracts hold (a screen's title, a menu, a column, a field) in the current language:
 * its Hindi when Hindi is chosen and the catalogue has it, else the English as given.
 */
export function label(english: string): string {
  return currentHindi()?.labels[english] ?? english;
}

/** `message` and `label` for a component: it re-renders when the language changes. */
export function useMessages(): { t: typeof message; label: typeof label; language: ReturnType<typeof currentLanguage> } {
  const language = useLanguage();
  return { t: message, label, language };
}
