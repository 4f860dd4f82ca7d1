/**
 * Hindi's short month names, January first, as a day is written in Hindi (28-नव॰-2026;
 * docs/glossary-hi.md): the usual abbreviations, with the Devanagari abbreviation sign.
 */
export const HINDI_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'] as const;
