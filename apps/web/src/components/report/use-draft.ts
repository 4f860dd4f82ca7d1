import { useState } from 'react';

/**
 * The value of a report's filter fields while they are edited, before Show Details / Search writes
 * them to the URL. It follows the applied value whenever that changes (Back, a shared link): `key`
 * says when (default: the value itself, for a string or a number; an object needs a key).
 */
export function useDraft<T>(value: T, key: unknown = value): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seenKey, setSeenKey] = useState(key);
  if (!Object.is(seenKey, key)) {
    setSeenKey(key);
    setDraft(value);
  }
  return [draft, setDraft];
}
