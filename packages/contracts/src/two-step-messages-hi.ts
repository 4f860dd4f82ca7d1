import type { TWO_STEP_MESSAGES } from './two-step-messages.js';

/**
 * Two-step sign-in's answers in Hindi, beside their English (two-step-messages.ts): the server sends
 * them to a request that asks for Hindi, and the sign-in page, which opens its code field on
 * `codeNeeded` and `wrongCode`, knows them in either language. Terms: docs/glossary-hi.md.
 */
export const TWO_STEP_MESSAGES_HI = {
  codeNeeded: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों वाला कोड, या अपना कोई रिकवरी कोड लिखें।',
  wrongCode: 'यह कोड सही नहीं है, या पहले ही इस्तेमाल हो चुका है। अपने ऑथेंटिकेटर ऐप का मौजूदा कोड लिखें।',
  tooManyCodes: 'बहुत ज़्यादा ग़लत कोड। कृपया कुछ देर रुककर फिर कोशिश करें।',
  setupRequired: 'आपकी भूमिका के लिए टू-स्टेप साइन-इन ज़रूरी है: रिपोर्ट खोलने से पहले इसे अपने खाते के पेज पर चालू करें।',
  notOn: 'टू-स्टेप साइन-इन चालू नहीं है।',
  off: 'टू-स्टेप साइन-इन बंद है।',
} as const satisfies Partial<Record<keyof typeof TWO_STEP_MESSAGES, string>>;
