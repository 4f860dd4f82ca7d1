import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The strength rule of a new password (docs/domain.md, "Access", Passwords): 8-128 characters, a
 * letter and a digit, not containing the username, and judged strong enough (score 3 of 4) by
 * zxcvbn-ts, which knows common passwords, words, names and keyboard patterns. The server checks
 * it on every password a person chooses; the web app shows the same reason as the person types.
 * Its dictionaries weigh about a megabyte: the web app loads this module only on the pages that
 * set a password.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return estimator;
}

/** Why this password may not be chosen by `username`, or null when it may. */
export function passwordProblem(password: string, username: string): string | null {
  if (password.length < 8) return 'It must be at least 8 characters long.';
  if (password.length > 128) return 'It must be at most 128 characters long.';
  if (!/\p{L}/u.test(password)) return 'It must contain at least one letter.';
  if (!/\p{Nd}/u.test(password)) return 'It must contain at least one digit.';
  const name = username.trim().toLowerCase();
  if (name !== '' && password.toLowerCase().includes(name)) return 'It must not contain your username.';
  const result = zxcvbn().check(password, name === '' ? [] : [name]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ?? 'It is too easy to guess.';
  const hint = result.feedback.suggestions[0];
  return `Too weak: ${why}${hint ? ` ${hint}` : ''}`.replace(/\.?\s*$/, '.');
}
