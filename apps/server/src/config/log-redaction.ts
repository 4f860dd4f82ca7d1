/**
 * What the server's log never holds (README, Configuration, `LOG_LEVEL`): in a URL, the value of a
 * query parameter that carries a secret, and anything after `#`, each written as `(hidden)`.
 *
 * `token` is the only secret the app takes in a query: the unsubscribe link's signature, on its
 * page and its call (`/mail/unsubscribe?account=...&token=...`, `/api/mail/unsubscribe?...`).
 * Sign-in, reset and email confirmation links carry theirs after `#` (`/auth/welcome#...`,
 * `/auth/confirm-email#...`), which a browser never sends but a hand-made request may.
 */
const HIDDEN = '(hidden)';

/** Query parameter names whose value is a secret, in lower case: matched ignoring case, as sent or percent-decoded. */
const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set(['token']);

/** `url` (a request target or a whole URL) with its secrets hidden. */
export function hideUrlSecrets(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const hidden =
    question === -1
      ? beforeHash
      : `${beforeHash.slice(0, question + 1)}${beforeHash
          .slice(question + 1)
          .split('&')
          .map(hideIfSecret)
          .join('&')}`;
  return hash === -1 ? hidden : `${hidden}#${HIDDEN}`;
}

/** A path or URL inside a text (a message naming a route, an error's message or stack): up to a space or a quote. */
const URL_IN_TEXT = /(?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s"'`<>]*/gi;

/** `text` with the secrets of every URL in it hidden (hideUrlSecrets). */
function hideUrlSecretsIn(text: string): string {
  if (!text.includes('?') && !text.includes('#')) return text;
  return text.replace(URL_IN_TEXT, hideUrlSecrets);
}

/**
 * An argument of a log call with the secrets of the URLs in it hidden: a message, an error, or an
 * entry's `err` (its message and stack; Fastify names the request's URL in some of its errors).
 */
export function withoutUrlSecrets(arg: unknown): unknown {
  if (typeof arg === 'string') return hideUrlSecretsIn(arg);
  if (arg instanceof Error) return errorWithoutUrlSecrets(arg);
  if (typeof arg === 'object' && arg !== null && 'err' in arg && arg.err instanceof Error) {
    const err = errorWithoutUrlSecrets(arg.err);
    return err === arg.err ? arg : { ...arg, err };
  }
  return arg;
}

/** The error itself when it names no secret, else a copy (same class and fields) whose message and stack hide them. */
function errorWithoutUrlSecrets(error: Error): Error {
  const message = hideUrlSecretsIn(error.message);
  const stack = error.stack === undefined ? undefined : hideUrlSecretsIn(error.stack);
  if (message === error.message && stack === error.stack) return error;
  const copy = Object.create(Object.getPrototypeOf(error), Object.getOwnPropertyDescriptors(error)) as Error;
  copy.message = message;
  if (stack !== undefined) copy.stack = stack;
  return copy;
}

/** `name=value` with the value hidden when the name is a secret's (the server's query parser decodes `+` and `%xx` in names too). */
function hideIfSecret(pair: string): string {
  const equals = pair.indexOf('=');
  if (equals === -1) return pair;
  const name = pair.slice(0, equals);
  return SECRET_QUERY_NAMES.has(decodedName(name).toLowerCase()) ? `${name}=${HIDDEN}` : pair;
}

function decodedName(name: string): string {
  const spaced = name.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
