import { Fragment, type ReactNode } from 'react';

/**
 * `text` with each `name` in it (a username, data never translated) marked `translate="no"`, so
 * that a sentence in any language keeps the name as it is and says so.
 */
export function withName(text: string, name: string): ReactNode {
  if (name === '' || !text.includes(name)) return text;
  const parts = text.split(name);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <span translate="no">{name}</span>}
    </Fragment>
  ));
}
