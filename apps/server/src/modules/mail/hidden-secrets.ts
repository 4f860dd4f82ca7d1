/**
 * A mail's text as the Mail screen shows it (docs/domain.md, "Mail and statements"): no live secret.
 * A link's secret rides after `#` (a sign-in, reset or confirmation link: `/auth/welcome#...`) or
 * in a `token` query value (the unsubscribe link): both show as `(hidden)`, so whoever opens a
 * preview cannot use the link. The rest of the link stays, to show where it leads.
 */
const FRAGMENT = /(\bhttps?:\/\/[^\s#<>"]+)#[^\s<>"]+/gi;
const TOKEN_VALUE = /([?&]token=)[^&#\s<>"]+/gi;

export function withSecretsHidden(text: string): string {
  return text.replace(FRAGMENT, '$1#(hidden)').replace(TOKEN_VALUE, '$1(hidden)');
}
