import type { EN_INSIGHT } from './insight';

/** The Hindi of the insight screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_INSIGHT: Readonly<Record<keyof typeof EN_INSIGHT, string>> = {
  // Today
  'insight.today.profit': 'लाभ',
  'insight.today.play': 'खेल',
  'insight.today.plays': 'खेलों की संख्या',
  'insight.today.activeMembers': 'सक्रिय सदस्य',
  'insight.today.figuresName': 'आज अब तक, पिछले सप्ताह के इसी दिन की तुलना में',
  'insight.today.figure': 'आँकड़ा',
  'insight.today.todayTo': 'आज {time} तक',
  'insight.today.dayTo': '{day} {time} तक',
  'insight.today.change': 'बदलाव',
  'insight.today.thresholdForm': 'बड़ी जीत की सीमा',
  'insight.today.save': 'सहेजें',
  'insight.today.soFar': 'आज अब तक',
  'insight.today.dailyStatusToday': 'आज की दैनिक स्थिति',
  'insight.today.bigWins': 'आज की बड़ी जीत',
  'insight.today.losingCafes': 'आज सबसे ज़्यादा घाटे वाले कैफ़े',
  'insight.today.waitingTransfers': 'आपकी राह देखते ट्रांसफ़र',
  'insight.today.waitingTransfersTable': 'रुके हुए ट्रांसफ़र',
  'insight.today.openLoans': 'खुले लोन',
  'insight.today.idleMasters': 'आज बिना खेल वाले मास्टर',
  'insight.today.openLoansMore':
    '{count, plural, one {{masters} मास्टर पर} other {{masters} मास्टरों पर}} कुल {outstanding} पॉइंट बाकी हैं; सबसे ज़्यादा बकाया वाले {shown} दिखाए गए हैं।',
  'insight.today.idleMastersMore':
    '{count, plural, one {{masters} मास्टर के यहाँ} other {{masters} मास्टरों के यहाँ}} आज कोई खेल नहीं हुआ; यूज़रनेम के क्रम में पहले {shown} दिखाए गए हैं।',
  // Trends
  'insight.trends.period': 'ड्रॉ गेम का हर सप्ताह का लाभ, {from} से {to} तक; बदलाव {previousFrom} से {previousTo} की तुलना में।',
  'insight.trends.periodOpen':
    'ड्रॉ गेम का हर सप्ताह का लाभ, {from} से {to} तक (आख़िरी सप्ताह खुला है: अब तक के आँकड़े); बदलाव {previousFrom} से {previousTo} की तुलना में।',
  'insight.trends.totalsName': 'सभी पंक्तियों का योग',
  'insight.trends.totals':
    'सभी {count, plural, one {{rows} पंक्ति} other {{rows} पंक्तियाँ}}: कुल {total} · पिछली अवधि {previous} · बदलाव {change}',
  'insight.trends.trend': 'रुझान',
  'insight.trends.weekOf': '{day} का सप्ताह',
  'insight.trends.total': 'कुल',
  'insight.trends.previous': 'पिछली अवधि',
  'insight.trends.change': 'बदलाव',
  'insight.trends.lastWeeks': 'पिछले {weeks} सप्ताह',
  'insight.sparkline.perWeek': '{account}, हर सप्ताह का लाभ',
  'insight.sparkline.perDay': '{account}, हर दिन का लाभ',
  'insight.sparkline.range': '{label}: {first} से {last} तक',
  // Cafe Trends
  'insight.cafeTrends.period':
    'हर कैफ़े का हर सप्ताह का ड्रॉ गेम लाभ, जहाँ खेल हुआ वहाँ का, {from} से {to} तक; बदलाव {previousFrom} से {previousTo} की तुलना में।',
  'insight.cafeTrends.periodOpen':
    'हर कैफ़े का हर सप्ताह का ड्रॉ गेम लाभ, जहाँ खेल हुआ वहाँ का, {from} से {to} तक (आख़िरी सप्ताह खुला है: अब तक के आँकड़े); बदलाव {previousFrom} से {previousTo} की तुलना में।',
  'insight.cafeTrends.weekCell': '{amount}: {cafe} का कैफ़े लाभ, {day} का सप्ताह',
  // Week at a Glance
  'insight.weekGlance.week': 'सप्ताह',
  'insight.weekGlance.text': 'ड्रॉ गेम का हर दिन का लाभ, सोमवार {from} से रविवार {to} तक, हर दिन वैसा ही जैसा दैनिक स्थिति दिखाती है।',
  'insight.weekGlance.textOpen':
    'ड्रॉ गेम का हर दिन का लाभ, सोमवार {from} से रविवार {to} तक (खुला सप्ताह: अब तक के आँकड़े), हर दिन वैसा ही जैसा दैनिक स्थिति दिखाती है।',
  'insight.weekGlance.empty': '{account} के नीचे कोई खाता नहीं',
  'insight.weekGlance.mon': 'सोम',
  'insight.weekGlance.tue': 'मंगल',
  'insight.weekGlance.wed': 'बुध',
  'insight.weekGlance.thu': 'गुरु',
  'insight.weekGlance.fri': 'शुक्र',
  'insight.weekGlance.sat': 'शनि',
  'insight.weekGlance.sun': 'रवि',
  // Cafe Profit
  'insight.cafeProfit.note':
    'कैफ़े का लाभ वहीं का है जहाँ खेल हुआ, खेला चाहे किसी ने भी हो: इसलिए किसी एजेंट के सारे कैफ़े का जोड़ उसके लाभ से अलग होता है, जो उसके सदस्यों के साथ चलता है, वे जहाँ भी खेलें।',
  'insight.cafeProfit.showTerminals': '{cafe}: इसके टर्मिनल दिखाएँ',
  'insight.cafeProfit.terminalsTitle': '{cafe} के टर्मिनल, {from} से {to} तक',
  'insight.cafeProfit.terminalsTable': '{cafe} के टर्मिनल',
};
