import type { ReactNode } from 'react';
import { type MessageId, type MessageValues, message } from './messages';

/**
 * A message whose arguments in `data` are data (a username, a cafe's name): each is put in as it
 * is, inside `translate="no"`, so that no translator and no check of the language touches it.
 * Call it during a render that reads the language (useMessages).
 */
export function messageWithData(id: MessageId, data: Readonly<Record<string, string>>, values?: MessageValues): ReactNode {
  const names = Object.keys(data);
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE001`]));
  const parts = message(id, { ...values, ...marks }).split(/\uE000(\d+)\uE001/);
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const name = names[Number(part)] ?? '';
    return (
      <span key={name} translate="no">
        {data[name]}
      </span>
    );
  });
}
