import { useState } from 'react';

/**
 * The value of a filter field while it is being edited, before Show Details / Search writes it to
 * the URL. It follows the URL value whenever that changes (Back, a shared link).
 */
export function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
