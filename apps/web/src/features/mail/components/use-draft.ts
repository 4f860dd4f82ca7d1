import { useState } from 'react';

/**
 * A filter form's values while they are edited, before Search writes it to the URL. They follow
 * the URL whenever the applied values change (Back, a shared link); `key` says when.
 */
export function useDraft<T>(value: T, key: string): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setDraft(value);
  }
  return [draft, setDraft];
}
