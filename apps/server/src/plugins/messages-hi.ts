import {
  ACCESS_MESSAGES,
  DEFAULT_LANGUAGE,
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  isLanguage,
  LABELS_HI,
  type Language,
  SESSION_EXPIRED_MESSAGE,
  SIGNED_OUT_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
  TWO_STEP_MESSAGES,
  TWO_STEP_MESSAGES_HI,
} from '@playrep/contracts';
import type { FastifyRequest } from 'fastify';
import { ORIGIN_REFUSED_MESSAGE } from './origin-check.js';

/**
 * The API's messages in Hindi (docs/decisions/0021-languages.md): what a request that asks for
 * Hindi (`Accept-Language: hi`, or a signed-in account whose language is Hindi) reads in `{ message }`.
 * Keyed by the English message, which stays the source; a message not here leaves in English.
 * Terms follow docs/glossary-hi.md.
 */
export const SERVER_MESSAGES_HI: Readonly<Record<string, string>> = {
  // Sign-in and sessions
  [INVALID_CREDENTIALS_MESSAGE]: 'यूज़रनेम या पासवर्ड ग़लत है।',
  [INACTIVE_ACCOUNT_MESSAGE]: 'यह खाता निष्क्रिय है। कृपया अपने मैनेजर से संपर्क करें।',
  [SESSION_EXPIRED_MESSAGE]: 'आपका सत्र समाप्त हो गया है या आपने साइन इन नहीं किया है। कृपया फिर से साइन इन करें।',
  [TOO_MANY_ATTEMPTS_MESSAGE]: 'साइन इन की बहुत ज़्यादा कोशिशें हुईं। कृपया कुछ देर रुककर फिर कोशिश करें।',
  [SIGNED_OUT_MESSAGE]: 'आप साइन आउट हो गए हैं।',
  'Not signed in': 'आपने साइन इन नहीं किया है।',
  ...Object.fromEntries(
    Object.entries(TWO_STEP_MESSAGES_HI).map(([key, hindi]) => [TWO_STEP_MESSAGES[key as keyof typeof TWO_STEP_MESSAGES], hindi]),
  ),
  [ACCESS_MESSAGES.accountBlocked]: 'यह खाता ब्लॉक है। कृपया अपने मैनेजर से संपर्क करें।',
  [ACCESS_MESSAGES.wrongCurrentPassword]: 'मौजूदा पासवर्ड सही नहीं है।',
  [ACCESS_MESSAGES.passwordChanged]: 'आपका पासवर्ड बदल दिया गया है। आपके बाक़ी सत्र साइन आउट कर दिए गए हैं।',
  [ACCESS_MESSAGES.linkNotValid]: 'यह साइन-इन लिंक मान्य नहीं है। अपने मैनेजर से नया लिंक माँगें।',
  [ACCESS_MESSAGES.linkExpired]: 'इस साइन-इन लिंक की अवधि समाप्त हो गई है। अपने मैनेजर से नया लिंक माँगें।',

  // Who may see what
  'Not allowed': 'इसकी अनुमति नहीं है।',
  'Not found': 'नहीं मिला।',
  'No such route': 'ऐसा कोई पता नहीं है।',
  'No such account': 'ऐसा कोई खाता नहीं है।',
  'Unknown account': 'अनजान खाता।',
  'Account not found': 'खाता नहीं मिला।',
  'Agent not found': 'एजेंट नहीं मिला।',
  [ORIGIN_REFUSED_MESSAGE]: 'अनुरोध अस्वीकार: यह किसी दूसरी साइट के पेज से आया था।',

  // The server's state
  'Something went wrong': 'कुछ गड़बड़ हो गई',
  'The server is busy. Please try again in a few seconds.': 'सर्वर व्यस्त है। कृपया कुछ सेकंड बाद फिर कोशिश करें।',
  'The database is not available. Please try again shortly.': 'डेटाबेस अभी उपलब्ध नहीं है। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  'This report took too long to prepare. Choose a shorter date range and try again.':
    'यह रिपोर्ट बनने में बहुत समय लगा। छोटी तिथि सीमा चुनें और फिर कोशिश करें।',
};

/** A field's refusal after its label ("is required"), by the English predicate. */
const PREDICATES_HI: Readonly<Record<string, string>> = {
  'is required': 'ज़रूरी है',
  'must be text': 'पाठ होना चाहिए',
  'is too long': 'बहुत लंबा है',
  'is invalid': 'मान्य नहीं है',
  'must be a number': 'एक संख्या होनी चाहिए',
  'must be 1 or more': '1 या उससे ज़्यादा होना चाहिए',
  'must be true or false': 'true या false होना चाहिए',
  'must be more than 0': '0 से ज़्यादा होना चाहिए',
  'must be a whole number': 'पूर्ण संख्या होनी चाहिए',
  'must be en or hi': 'en या hi होना चाहिए',
  'must be one of en, hi': 'en या hi में से एक होना चाहिए',
};

/** The messages that carry names, days or figures: their English shape, and their Hindi. */
const PATTERNS_HI: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(.+) must not be before (.+)$/, (to, from) => `${labelHi(to)}, ${labelHi(from)} से पहले नहीं हो सकती`],
  [
    /^(.+) must be within (\d+) days of (.+)$/,
    (to, days, from) => `${labelHi(to)}, ${labelHi(from)} से ${days} दिनों के भीतर होनी चाहिए`,
  ],
  [
    /^(.+) must be a date in the years (\d+) to (\d+): (.*)$/,
    (label, first, last, value) => `${labelHi(label)} वर्ष ${first} से ${last} के बीच की तिथि होनी चाहिए: ${value}`,
  ],
  [
    /^(.+) is not a valid date \(use YYYY-MM-DD or DD-Mon-YYYY\): (.*)$/,
    (label, value) => `${labelHi(label)} मान्य तिथि नहीं है (YYYY-MM-DD या DD-Mon-YYYY लिखें): ${value}`,
  ],
  [/^No account named "(.*)"$/, (username) => `"${username}" नाम का कोई खाता नहीं है`],
  [/^No such account below yours: (.*)$/, (usernames) => `आपके नीचे ऐसा कोई खाता नहीं है: ${usernames}`],
];

function labelHi(label: string): string {
  return LABELS_HI[label] ?? label;
}

/** An API message in Hindi: from the catalogue, or by its shape; undefined when neither knows it. */
export function serverMessageHi(message: string): string | undefined {
  const exact = SERVER_MESSAGES_HI[message];
  if (exact !== undefined) return exact;
  for (const [shape, hindi] of PATTERNS_HI) {
    const match = shape.exec(message);
    if (match) return hindi(...match.slice(1));
  }
  return undefined;
}

/** A field's refusal in Hindi: its label's Hindi, then the predicate's (or the message as it is). */
export function fieldMessageHi(label: string, message: string): string {
  const predicate = PREDICATES_HI[message];
  if (predicate !== undefined) return `${labelHi(label)} ${predicate}`;
  return `${labelHi(label)}: ${serverMessageHi(message) ?? message}`;
}

/**
 * The language of a request's messages: the first of its `Accept-Language` when that is a language
 * of the back office (the web app sends the one the person reads), else the signed-in account's,
 * else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  const tag = first?.split('-')[0];
  if (isLanguage(tag)) return tag;
  return request.auth?.language ?? DEFAULT_LANGUAGE;
}
