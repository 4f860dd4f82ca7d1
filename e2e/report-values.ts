// Reading the values the reports show and export, written here rather than imported from the app:
// the tests check the app against these.

const istDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The IST calendar day `offsetDays` days from today, 'YYYY-MM-DD'. */
export function istDay(offsetDays = 0): string {
  return istDayFormat.format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** One CSV line into fields (RFC 4180 quoting, as the server writes it). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/**
 * An amount as shown ('12,34,567.89', '-300.25') or exported ('1234567.89') in hundredths, exactly.
 * Anything else, a blank cell included, throws rather than counting as 0.
 */
export function cents(text: string): number {
  const match = /^(-?)([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: '${text}'`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}
