import type { EN_MONEY } from './money';

/** The Hindi of the money screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MONEY: Readonly<Record<keyof typeof EN_MONEY, string>> = {
  'money.revenue.open': 'खुला',
  'money.revenue.totals': 'रिपोर्ट का योग',
  'money.revenue.totalProfit': 'कुल लाभ',
  'money.revenue.totalCommission': 'कुल कमीशन',
  'money.revenue.coms': 'कमीशन (लोन के बाद)',
  'money.revenue.finalCarryForward': 'अंत में आगे ले जाया गया घाटा',
  'money.revenue.totalRemainingLoan': 'कुल बाक़ी लोन',
  'money.revenue.asAtCloseOf': '{date} वाले सप्ताह के बंद होने पर',
  'money.revenue.noWeekClosedNothingDeducted': 'अभी कोई सप्ताह बंद नहीं हुआ: अब तक कुछ नहीं कटा',
  'money.revenue.weekOf': '{date} वाले सप्ताह',
  'money.revenue.weekOfOpen': '{date} वाले सप्ताह ({open})',
  'money.revenue.lateProfit': '{week} के लाभ में से {amount} देर से आया: बंद सप्ताहों के खेल जो देर से आए या बाद में रद्द हुए, इस सप्ताह में जोड़े गए।',
  'money.revenue.showWeek': '{from} से {to} तक का सप्ताह देखें',
  'money.revenue.range': '{from} से {to} तक',
  'money.revenue.openWeeksNote': '(खुले चिह्नित सप्ताह अभी बंद नहीं हुए हैं और लाइव गिने जाते हैं)',
  'money.poker.note': 'लाभ पोकर रेक है। लोन ड्रॉ गेम के राजस्व से चुकाए जाते हैं, इसलिए पोकर के सप्ताहों में लोन की कोई कटौती नहीं होती।',

  'money.chart.title': 'साप्ताहिक लाभ और राजस्व (वास्तविक राजस्व)',
  'money.chart.weekOpen': '{week} (खुला)',
  'money.chart.summary': '{title}: {count, plural, other {{n} सप्ताह}}; हर सप्ताह के आंकड़े नीचे की तालिका में हैं।',

  'money.week.figures': 'सप्ताह का राजस्व',
  'money.week.title': 'सप्ताह {from} से {to} तक',
  'money.week.details': 'सप्ताह का विवरण',
  'money.week.openNotClosed': '{open}, अभी बंद नहीं',
  'money.week.closed': 'बंद सप्ताह',
  'money.week.loading': 'लोड हो रहा है…',
  'money.week.giftSummary': 'गिफ़्ट पॉइंट का सारांश',
  'money.week.members': 'सदस्यों द्वारा इस्तेमाल पॉइंट',

  'money.recovery.asAt': '{date} वाले सप्ताह के बंद होने पर',
  'money.recovery.noWeekClosed': 'अभी कोई सप्ताह बंद नहीं हुआ',
  'money.recovery.nothingOwed': '{username} पर न कोई बकाया लोन है, न आगे ले जाया गया घाटा।',
  'money.recovery.explained': 'वसूली राशि {asOf}: बकाया लोन {loan} और उस सप्ताह से आगे ले जाया गया घाटा {carry}।',
  'money.recovery.agentPlaceholder': 'एजेंट का यूज़रनेम',
  'money.recovery.agentRequired': 'कृपया एजेंट आईडी डालें',
  'money.recovery.noDataFound': 'कोई डेटा नहीं मिला।',
  'money.recovery.fallbackError': 'डेटा लाते समय कुछ गड़बड़ हो गई।',

  'money.mail.loading': 'स्टेटमेंट लोड हो रहा है…',
  'money.mail.print': 'प्रिंट करें',
  'money.mail.agentMailOf': '{username}: सप्ताह का एजेंट मेल स्टेटमेंट',
};
