import type { EN_MEMBERS } from './members';

/** The Hindi of the members screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_MEMBERS: Readonly<Record<keyof typeof EN_MEMBERS, string>> = {
  'members.member.usernamePlaceholder': 'यूज़रनेम',
  'members.member.hint': 'सदस्य का यूज़रनेम लिखें, या किसी रिपोर्ट से सदस्य खोलें: हर खिलाड़ी का यूज़रनेम यहीं ले आता है।',
  'members.member.figures': 'सदस्य',
  'members.member.name': 'नाम',
  'members.member.agent': 'एजेंट',
  'members.member.cafe': 'कैफ़े',
  'members.member.balance': 'बैलेंस',
  'members.member.registered': 'पंजीकरण',
  'members.member.state': 'स्थिति',
  'members.member.noCafe': 'इन 12 सप्ताह में कोई खेल नहीं',
  'members.member.active': 'सक्रिय',
  'members.member.inactive': 'निष्क्रिय',
  'members.member.profitByWeek': 'सप्ताह-वार लाभ',
  'members.member.profitByWeekHint':
    'हर सेटलमेंट सप्ताह में सदस्य के खेल से हाउस का लाभ (खेल − जीत, गेम-वार; लाभ उस सप्ताह के उसके एजेंट के एजेंट मेल में उसकी पंक्ति है) और उसका पोकर रेक। खुले सप्ताह के आँकड़े अब तक के हैं।',
  'members.member.openWeek': '{day} (खुला)',
  'members.member.plays': 'खेल',
  'members.member.playsName': 'इस अवधि के खेल',
  'members.member.playsSummary':
    '{from} से {to} तक {count, plural, one {{plays} खेल} other {{plays} खेल}}: खेल {stake} · जीत {win} · लाभ {profit}',
  'members.member.transfers': 'ट्रांसफ़र',
};
