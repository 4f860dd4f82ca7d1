import { HINDI_MONTHS, LABELS_HI, TWO_STEP_MESSAGES_HI } from '@playrep/contracts';
import { HI_ACTIVITY } from './areas/activity-hi';
import { HI_DRAWS } from './areas/draws-hi';
import { HI_IDENTITY } from './areas/identity-hi';
import { HI_INSIGHT } from './areas/insight-hi';
import { HI_MAIL } from './areas/mail-hi';
import { HI_MEMBERS } from './areas/members-hi';
import { HI_MONEY } from './areas/money-hi';
import { HI_NETWORK } from './areas/network-hi';
import { HI_PLATFORM } from './areas/platform-hi';
import { HI_TRANSFERS } from './areas/transfers-hi';
import type { HindiCatalogue } from './hindi-catalogue-type';

/**
 * The Hindi catalogue (docs/glossary-hi.md for the network's terms). Loaded only when Hindi is
 * chosen: its own chunk (language.ts). Usernames, game names, figures and dates are never
 * translated; figures keep Indian grouping in Latin digits.
 */
export const HI: HindiCatalogue = {
  months: HINDI_MONTHS,
  messages: {
    // Before sign-in
    'language.label': 'भाषा',
    'offline.needsConnection': 'इसके लिए इंटरनेट कनेक्शन चाहिए।',
    'offline.nothingKept': 'आप ऑफ़लाइन हैं, और यह रिपोर्ट इस डिवाइस पर सहेजी नहीं गई है। इसके लिए इंटरनेट कनेक्शन चाहिए।',
    'offline.figuresAsOf': 'आप ऑफ़लाइन हैं: आँकड़े {asOf} के अनुसार',
    'login.title': 'लॉगिन',
    'login.documentTitle': 'लॉगिन | Playrep बैक ऑफ़िस',
    'login.username': 'यूज़र नेम',
    'login.password': 'पासवर्ड',
    'login.code': 'कोड',
    'login.captcha': 'कैप्चा',
    'login.remember': 'मुझे याद रखें',
    'login.submit': 'लॉगिन करें',
    'login.submitting': 'लॉगिन हो रहा है...',
    'login.forgot': 'पासवर्ड भूल गए?',
    'login.codeNeeded': TWO_STEP_MESSAGES_HI.codeNeeded,
    'login.wrongCode': TWO_STEP_MESSAGES_HI.wrongCode,
    'login.showPassword': 'पासवर्ड दिखाएँ या छिपाएँ',
    'login.usernameRequired': 'कृपया लॉगिन आईडी दें।',
    'login.passwordRequired': 'कृपया पासवर्ड दें।',
    'login.captchaRequired': 'कृपया चित्र में दिखा कैप्चा लिखें। कैप्चा सही नहीं है।',
    'login.captchaFailed': 'कैप्चा की जाँच विफल रही।',
    'login.credentialsRequired': 'यूज़रनेम और पासवर्ड ज़रूरी हैं।',
    'login.failed': 'लॉगिन नहीं हो सका।',
    'login.unexpected': 'लॉगिन के दौरान कोई गड़बड़ी हुई।',
    'login.success': 'लॉगिन सफल रहा!',
    'login.logoutFailed': 'लॉग आउट नहीं हो सका।',
    'login.sessionExpired': 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
    'location.unsupported': 'आपका ब्राउज़र लोकेशन की सुविधा नहीं देता।',
    'location.denied': 'लोकेशन की अनुमति बंद है। कृपया ब्राउज़र की सेटिंग में इसे चालू करें।',
    'location.unavailable': 'लोकेशन नहीं मिल रही। कृपया अपना GPS या इंटरनेट कनेक्शन जाँचें।',
    'location.timeout': 'लोकेशन मिलने में बहुत देर हुई। कृपया फिर कोशिश करें।',
    'location.unknown': 'लोकेशन लेते समय कोई अनजानी गड़बड़ी हुई।',
    'boot.loading': 'लोड हो रहा है...',
    'boot.loadError': 'ऐप लोड नहीं हो सका। कृपया अपना कनेक्शन जाँचें और पेज फिर से लोड करें।',

    // The app shell
    'shell.skipToMain': 'मुख्य सामग्री पर जाएँ',
    'shell.openNavigation': 'मेन्यू खोलें',
    'shell.closeNavigation': 'मेन्यू बंद करें',
    'shell.home': 'Playrep मुख्य पेज',
    'shell.welcome': 'स्वागत है, {name}',
    'shell.logOut': 'लॉग आउट',
    'shell.mainNavigation': 'मुख्य मेन्यू',
    'shell.footer': 'सर्वाधिकार सुरक्षित, कॉपीराइट 2014',
    'shell.loadingPage': 'पेज लोड हो रहा है',
    'shell.pageFailed': 'यह पेज नहीं दिखाया जा सका',
    'shell.pageFailedHint': 'कुछ गड़बड़ हो गई। कृपया पेज दोबारा लोड करें या कोई दूसरी रिपोर्ट चुनें।',

    // The account page
    'account.title': 'मेरा खाता',
    'account.facts': 'खाता',
    'account.parent': 'ऊपर का खाता {parent}',
    'account.lastSignIn': 'इससे पहले का साइन-इन: {at}, {address} से।',
    'account.lastSignInDevice': 'इससे पहले का साइन-इन: {at}, {address} से, {device} पर।',
    'account.firstSignIn': 'इस खाते का यह पहला दर्ज साइन-इन है।',
    'account.failures': 'तब से ग़लत पासवर्ड: {failed}। तब से ग़लत टू-स्टेप कोड: {codes}।',
    'account.languageTitle': 'भाषा',
    'account.languageHint': 'बैक ऑफ़िस की भाषा, हर उस डिवाइस पर जिस पर आप साइन इन करें।',
    'account.recentActivity': 'हाल की गतिविधि',
    'account.noActivity': 'इस खाते की अभी कोई गतिविधि दर्ज नहीं है।',
    'account.activityTable': 'हाल की गतिविधि की तालिका',
    'account.time': 'समय',
    'account.what': 'क्या',
    'account.address': 'पता',
    'account.device': 'डिवाइस',
    'account.allActivity': 'पूरी गतिविधि',
    'account.password': 'पासवर्ड',
    'account.changePassword': 'पासवर्ड बदलें',
    'account.typeNewPassword': 'नया पासवर्ड लिखें।',

    // The report kit
    'report.loading': 'लोड हो रहा है...',
    'report.loadingTable': 'लोड हो रहा है…',
    'report.updated': '{time} पर अपडेट',
    'report.download': 'डाउनलोड:',
    'report.noData': 'कोई डेटा नहीं है',
    'report.table': 'तालिका',
    'report.total': 'कुल',
    'report.totalOf': '{word}, {count, plural, one {{n} पंक्ति} other {{n} पंक्तियाँ}}',
    'report.pageTotal': 'इस पेज का कुल, पंक्तियाँ {first}-{last}',
    'report.rowsPerPage': 'हर पेज पर पंक्तियाँ',
    'report.showing': '{count, plural, one {{n} प्रविष्टि} other {{n} प्रविष्टियों}} में से {first} से {last} तक',
    'report.pagination': 'पेज',
    'report.tablePagination': '{table} के पेज',
    'report.firstPage': 'पहला पेज',
    'report.previousPage': 'पिछला पेज',
    'report.page': 'पेज {page}',
    'report.nextPage': 'अगला पेज',
    'report.lastPage': 'आख़िरी पेज',
    'report.goToPage': 'पेज पर जाएँ',
    'report.ofPages': '{count} में से',
    'report.scrollSideways': 'और देखने के लिए बगल में स्क्रॉल करें',
    'report.showDetails': 'विवरण दिखाएँ',
    'report.search': 'खोजें',
    'report.filters': 'रिपोर्ट के फ़िल्टर',
    'report.close': 'बंद करें',
    'report.refusedSubject': '{subject} ऐसा खाता नहीं है जिसे आप देख सकें: यह आपकी अपनी रिपोर्ट है।',
    'report.linkAccount': 'इस लिंक का खाता',
    'report.somethingWrong': 'कुछ गड़बड़ हो गई',
    'report.unexpectedError': 'एक अनपेक्षित गड़बड़ी हुई',

    // Date fields
    'dates.placeholder': 'दिन-माह-वर्ष',
    'dates.aMonday': 'एक सोमवार',
    'dates.itsSunday': 'उसका रविवार',
    'dates.today': 'आज',
    'dates.clear': 'हटाएँ',
    'dates.clearField': '{label} हटाएँ',
    'dates.calendar': '{label} का कैलेंडर',
    'dates.fieldValue': '{label}: {value}',
    'dates.previousMonth': 'पिछला महीना',
    'dates.nextMonth': 'अगला महीना',
    'dates.previousYear': 'पिछला वर्ष',
    'dates.nextYear': 'अगला वर्ष',
    'dates.previousDecade': 'पिछला दशक',
    'dates.nextDecade': 'अगला दशक',
    'dates.chooseMonth': 'महीना चुनें',
    'dates.chooseYear': 'वर्ष चुनें',
    'dates.range': 'अवधि',
    'dates.chooseRange': 'अवधि चुनें',
    'dates.thisWeek': 'यह सप्ताह',
    'dates.lastWeek': 'पिछला सप्ताह',
    'dates.last4Weeks': 'पिछले 4 सप्ताह',
    'dates.last12Weeks': 'पिछले 12 सप्ताह',
    'dates.thisMonth': 'यह महीना',
    'dates.lastMonth': 'पिछला महीना',

    // The subject picker
    'subject.reportFor': 'रिपोर्ट किसके लिए',
    'subject.myself': 'स्वयं',
    'subject.memberPages': 'सदस्य पेज',
    'subject.selected': 'चुना हुआ खाता',
    'subject.clear': 'हटाएँ: वापस {myself}',
    'subject.typeToSearch': '{myself} - खोजने के लिए लिखें',
    'subject.searching': 'खोज रहे हैं...',
    'subject.noMatches': 'कोई मिलता खाता नहीं',

    // The screens of each family (areas/)
    ...HI_ACTIVITY,
    ...HI_DRAWS,
    ...HI_IDENTITY,
    ...HI_INSIGHT,
    ...HI_MAIL,
    ...HI_MEMBERS,
    ...HI_MONEY,
    ...HI_NETWORK,
    ...HI_PLATFORM,
    ...HI_TRANSFERS,
  },
  labels: LABELS_HI,
};
