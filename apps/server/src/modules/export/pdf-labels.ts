import { formatWhole } from '@playrep/contracts/display-format';

/**
 * The words the statement PDF's builder (pdf-builder.ts) writes itself, per language of the
 * document: the caller says the language (PdfLayout.language) and gives every other text. Kept
 * apart so that the app's language catalogue can supply them in its place.
 */

export type PdfLanguage = 'en' | 'hi';

export interface PdfLabels {
  /** The document's language (the catalog's /Lang). */
  lang: string;
  /** After a table's caption on the pages it continues on. */
  continued: string;
  /** A table without rows. */
  noData: string;
  /** The footer's page number: page 1 of 2. */
  page(page: number, count: number): string;
  /** A table's total row, when the caller's tables do not label it in this language. */
  totalOf?: ((rows: number) => string) | undefined;
}

export const PDF_LABELS: Record<PdfLanguage, PdfLabels> = {
  en: {
    lang: 'en-IN',
    continued: '(continued)',
    noData: 'No data available',
    page: (page, count) => `page ${page} of ${count}`,
  },
  hi: {
    lang: 'hi-IN',
    continued: '(जारी)',
    noData: 'कोई डेटा उपलब्ध नहीं',
    page: (page, count) => `पृष्ठ ${page} / ${count}`,
    totalOf: (rows) => `कुल: ${formatWhole(rows)} ${rows === 1 ? 'पंक्ति' : 'पंक्तियाँ'}`,
  },
};
