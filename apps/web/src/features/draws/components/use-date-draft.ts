import { useState } from 'react';
import type { DateRange } from '../../../components/ui';

/**
 * The date pair while it is edited, before Show Details writes it to the URL. It follows the URL
 * whenever the applied dates change (Back, a shared link).
 */
export function useDateDraft(applied: DateRange): [DateRange, (next: DateRange) => void] {
  const [draft, setDraft] = useState(applied);
  const key = `${applied.from}|${applied.to}`;
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setDraft(applied);
  }
  return [draft, setDraft];
}
