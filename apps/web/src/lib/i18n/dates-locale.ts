import { HINDI_MONTHS, type Language } from '@playrep/contracts';
import dayjs from 'dayjs';
import hi from 'dayjs/locale/hi';

/**
 * The date pickers' locale (Mantine dates reads dayjs's): dayjs's Hindi month and day names, with
 * the short months the tables use (the contracts' HINDI_MONTHS), so that a picked day reads as the table's.
 */
dayjs.locale({ ...hi, monthsShort: [...HINDI_MONTHS] }, undefined, true);

/** The dayjs locale of a language, for Mantine's DatesProvider. */
export function datesLocale(language: Language): string {
  return language === 'hi' ? 'hi' : 'en';
}
