import type { EN_NETWORK } from './network';

/** The Hindi of the network screens' texts (docs/glossary-hi.md for the network's terms). */
export const HI_NETWORK: Readonly<Record<keyof typeof EN_NETWORK, string>> = {
  'network.dailyStatus.profitOn': '{day} का लाभ',
  'network.dailyStatus.showMembers': '{agent} के वे सदस्य दिखाएँ जिन्होंने दूसरे एजेंटों के कैफ़े में खेला',
  'network.dailyStatus.membersTitle': '{agent} के वे सदस्य जिन्होंने {day} को दूसरे एजेंटों के कैफ़े में खेला',
  'network.dailyStatus.membersTable': 'दूसरे एजेंटों के कैफ़े में {agent} के सदस्य',
  'network.agentStatus.allAgents': 'सभी एजेंट',
  'network.balance.allChildren': 'नीचे के सभी खाते',
  'network.balance.showChildren': 'नीचे के खाते दिखाएँ',
  'network.balance.showItsChildren': 'इसके नीचे के खाते दिखाएँ',
  'network.balance.childrenOf': '{agent} के नीचे के खाते',
  'network.balance.path': 'खाते का रास्ता',
  'network.balance.noData': 'कोई डेटा नहीं है',
  'network.nonPerforming.totalAgents': 'कुल एजेंट',
  'network.nonPerforming.inactiveAgents': 'निष्क्रिय एजेंट',
  'network.nonPerforming.inactiveAgentsCount': 'निष्क्रिय एजेंट (साइन इन नहीं कर सकते)',
};
