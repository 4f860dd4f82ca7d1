import type { EN_MAIL } from './mail';

/** The Hindi of the mail screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MAIL: Readonly<Record<keyof typeof EN_MAIL, string>> = {
  'mail.goToSignIn': 'साइन-इन पेज पर जाएँ',

  'mail.state.pending': 'बाक़ी',
  'mail.state.held': 'रोका गया',
  'mail.state.sent': 'भेजा गया',
  'mail.state.failed': 'विफल',
  'mail.state.cancelled': 'रद्द',
  'mail.state.expired': 'समय निकल गया',
  'mail.kind.statementAgent': 'एजेंट मेल स्टेटमेंट',
  'mail.kind.statementManager': 'मैनेजर मेल स्टेटमेंट',
  'mail.kind.emailConfirmation': 'ईमेल की पुष्टि',
  'mail.kind.passwordReset': 'पासवर्ड रीसेट लिंक',
  'mail.kind.bigWinAlert': 'बड़ी जीत की सूचना',
  'mail.kind.digest': 'रोज़ का सारांश',

  'mail.outbox.any': 'कोई भी',
  'mail.outbox.actions': 'कार्रवाई',
  'mail.outbox.previewOf': 'मेल {id} देखें: {subject}',
  'mail.outbox.preview': 'देखें',
  'mail.outbox.retryOf': 'अभी फिर भेजें: मेल {id}, {recipient} को',
  'mail.outbox.retry': 'अभी फिर भेजें',
  'mail.outbox.discardOf': 'मेल {id} हटाएँ, {recipient} को',
  'mail.outbox.discard': 'हटाएँ',
  'mail.outbox.byState': 'स्थिति के अनुसार मेल',
  'mail.outbox.stateCount': '{state}: {count}',
  'mail.outbox.discardHeldCount': 'रोके गए सब हटाएँ ({count})',
  'mail.outbox.discardHeldTitle': 'रोके गए सब मेल हटाएँ',
  'mail.outbox.discardHeldQuestion':
    '{held, plural, one {रोका गया {count} मेल} other {रोके गए सभी {count} मेल}} हटाएँ? वे कभी नहीं भेजे जाएँगे, मेल सर्वर सेट होने के बाद भी नहीं।',
  'mail.outbox.cancel': 'रद्द करें',
  'mail.outbox.discardHeld': 'रोके गए सब हटाएँ',

  'mail.preview.to': '{recipient} को · {state}',
  'mail.preview.asSent': 'मेल का पाठ, जैसा लिखा गया था।',
  'mail.preview.notSent': 'अभी भेजा नहीं गया: मेल का पाठ, जैसा अभी भेजा जाएगा।',
  'mail.preview.body': 'मेल का पाठ',
  'mail.preview.attached': 'संलग्न: {names}',
  'mail.preview.hidden': 'जिन लिंक में कोई गुप्त कुंजी है, वे उसे {hidden} दिखाते हैं: इस झलक से उन्हें खोला नहीं जा सकता।',

  'mail.email.title': 'ईमेल',
  'mail.email.none': 'कोई ईमेल पता नहीं',
  'mail.email.confirmed': 'पुष्टि हो गई',
  'mail.email.notConfirmed': 'पुष्टि नहीं हुई',
  'mail.email.waiting': 'पुष्टि की प्रतीक्षा: {email} (उस पर भेजा गया लिंक {time} तक चलेगा)।',
  'mail.email.send': 'पुष्टि का लिंक भेजें',
  'mail.email.remove': 'पता हटाएँ',
  'mail.email.statements': 'मुझे मेरा साप्ताहिक स्टेटमेंट ईमेल करें',

  'mail.news.title': 'ईमेल से ख़बरें',
  'mail.news.confirmFirst': 'ऊपर ईमेल पता दें और उसकी पुष्टि करें: रोज़ का सारांश और बड़ी जीत सिर्फ़ पुष्टि किए गए पते पर जाते हैं।',
  'mail.news.digestNow': 'मुझे सारांश अभी भेजें',
  'mail.news.digestHint':
    'कल के आँकड़े, जैसे "आज" उन्हें दिखाता है, हर एक के साथ उसकी रिपोर्ट का लिंक; अभी माँगने पर, 10 मिनट में ज़्यादा से ज़्यादा एक बार।',
  'mail.news.bigWinsHint':
    'आपके नेटवर्क में {points} पॉइंट से जीत: बड़ी जीत की वह सीमा जो आपने "आज" पर तय की है। 15 मिनट में ज़्यादा से ज़्यादा एक मेल।',

  'mail.confirm.documentTitle': 'अपने ईमेल पते की पुष्टि करें | Playrep बैक ऑफ़िस',
  'mail.confirm.title': 'अपने ईमेल पते की पुष्टि करें',
  'mail.confirm.confirming': 'पुष्टि हो रही है…',
  'mail.unsubscribe.documentTitle': '{title} | Playrep बैक ऑफ़िस',
  'mail.unsubscribe.statementTitle': 'साप्ताहिक स्टेटमेंट के ईमेल',
  'mail.unsubscribe.statementQuestion': 'इस खाते का साप्ताहिक स्टेटमेंट ईमेल करना बंद करें? यह एजेंट मेल और मैनेजर मेल स्क्रीन पर बना रहेगा।',
  'mail.unsubscribe.digestTitle': 'रोज़ के सारांश के ईमेल',
  'mail.unsubscribe.digestQuestion': 'इस खाते का रोज़ का सारांश ईमेल करना बंद करें? साइन इन करने पर "आज" आँकड़े दिखाता रहेगा।',
  'mail.unsubscribe.stop': 'ये ईमेल बंद करें',
};
