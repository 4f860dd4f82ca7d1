import { currentHindi, useLanguage } from './language';
import { EN_SIGN_IN, type SignInMessageId } from './messages-sign-in';

/**
 * Plain texts before sign-in, without the message formatter (the sign-in page's budget,
 * docs/decisions/0021-languages.md): a text by its ID in the current language.
 */
export function signInMessage(id: SignInMessageId): string {
  return currentHindi()?.messages[id] ?? EN_SIGN_IN[id];
}

/** A label of the contracts (a screen's title) in the current language, without the app's code. */
export function signInLabel(english: string): string {
  return currentHindi()?.labels[english] ?? english;
}

const ID_OF_TEXT = new Map<string, SignInMessageId>(
  Object.entries(EN_SIGN_IN).map(([id, text]) => [text, id as SignInMessageId]),
);

/**
 * A message the sign-in page was handed as English text (a form check's, a session notice) in the
 * current language; any other text as it is (the server's messages come in the asked language).
 */
export function signInText(text: string): string {
  const id = ID_OF_TEXT.get(text);
  return id ? signInMessage(id) : text;
}

/** `signInMessage` for a component: re-renders when the language changes. */
export function useSignInMessages(): typeof signInMessage {
  useLanguage();
  return signInMessage;
}
