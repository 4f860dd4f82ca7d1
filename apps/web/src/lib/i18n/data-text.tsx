import { Fragment, type ReactNode } from 'react';
import { useLanguage } from './language';
import { type MessageId, type MessageValues, message } from './messages';

const MARK = '\uE000';

/**
 * A message whose arguments include data (a username, an address, a time): the message in the
 * current language, each data argument in an element marked `translate="no"` (HTML's "do not
 * translate": never translated, and skipped by the check of the English left on a Hindi screen).
 * English reads as it always has: its data given as text stay in the one text of the message.
 */
export function DataText({
  id,
  values,
  data,
}: {
  id: MessageId;
  values?: MessageValues;
  data: Readonly<Record<string, ReactNode>>;
}) {
  const english = useLanguage() === 'en';
  const marked: Record<string, string | number> = { ...values };
  for (const [name, value] of Object.entries(data)) {
    const plain = typeof value === 'string' || typeof value === 'number';
    marked[name] = english && plain ? value : `${MARK}${name}${MARK}`;
  }
  // split with a capture group: text, argument name, text, ...
  const parts = message(id, marked).split(new RegExp(`${MARK}(\\w+)${MARK}`));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in a fixed order
          <span translate="no" key={index}>
            {data[part]}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, in a fixed order
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
