import { EN_ACTIVITY } from './areas/activity';
import { EN_DRAWS } from './areas/draws';
import { EN_IDENTITY } from './areas/identity';
import { EN_INSIGHT } from './areas/insight';
import { EN_MAIL } from './areas/mail';
import { EN_MEMBERS } from './areas/members';
import { EN_MONEY } from './areas/money';
import { EN_NETWORK } from './areas/network';
import { EN_PLATFORM } from './areas/platform';
import { EN_TRANSFERS } from './areas/transfers';

/**
 * The English texts of the app after sign-in, by message ID, in ICU message format (plurals by
 * `{count, plural, ...}`, docs/decisions/0021-languages.md). The labels the contracts hold (screens,
 * menus, columns, fields) are not here: the contracts' English is their source, and the Hindi
 * catalogue's `labels` gives them in Hindi. A new text: its ID here, its Hindi in catalogue-hi.ts
 * (tsc fails until it is there).
 */
export const EN_APP = {
  // The app shell (app/layout)
  'shell.skipToMain': 'Skip to main content',
  'shell.openNavigation': 'Open navigation',
  'shell.closeNavigation': 'Close navigation',
  'shell.home': 'Playrep home',
  'shell.welcome': 'Welcome {name}',
  'shell.logOut': 'LogOut',
  'shell.mainNavigation': 'Main navigation',
  'shell.footer': 'All rights reserved, copyright 2014',
  'shell.loadingPage': 'Loading page',
  'shell.pageFailed': 'This page could not be shown',
  'shell.pageFailedHint': 'Something went wrong. Please reload the page or choose another report.',

  // The account page (features/access)
  'account.title': 'My Account',
  'account.facts': 'Account',
  'account.parent': 'parent {parent}',
  'account.lastSignIn': 'Last sign-in before this one: {at} from {address}.',
  'account.lastSignInDevice': 'Last sign-in before this one: {at} from {address} on {device}.',
  'account.firstSignIn': 'This is the first sign-in recorded for this account.',
  'account.failures': 'Wrong passwords typed since: {failed}. Wrong two-step codes typed since: {codes}.',
  'account.languageTitle': 'Language',
  'account.languageHint': 'The language of the back office on every device you sign in on.',
  'account.recentActivity': 'Recent activity',
  'account.noActivity': 'No activity recorded for this account yet.',
  'account.activityTable': 'Recent activity table',
  'account.time': 'Time',
  'account.what': 'What',
  'account.address': 'Address',
  'account.device': 'Device',
  'account.allActivity': 'All activity',
  'account.password': 'Password',
  'account.changePassword': 'Change password',
  'account.typeNewPassword': 'Type a new password.',

  // The report kit (components/report, components/ui)
  'report.loading': 'Loading...',
  'report.loadingTable': 'Loading…',
  'report.updated': 'Updated {time}',
  'report.download': 'Download:',
  'report.noData': 'No data available',
  'report.table': 'Table',
  'report.total': 'Total',
  'report.totalOf': '{word} of {count, plural, one {{n} row} other {{n} rows}}',
  'report.pageTotal': 'Page total, rows {first}-{last}',
  'report.rowsPerPage': 'Rows per page',
  'report.showing': 'Showing {first} to {last} of {count, plural, one {{n} entry} other {{n} entries}}',
  'report.pagination': 'Pagination',
  'report.tablePagination': '{table} pagination',
  'report.firstPage': 'First page',
  'report.previousPage': 'Previous page',
  'report.page': 'Page {page}',
  'report.nextPage': 'Next page',
  'report.lastPage': 'Last page',
  'report.goToPage': 'Go to page',
  'report.ofPages': 'of {count}',
  'report.scrollSideways': 'Scroll sideways to see more',
  'report.showDetails': 'Show Details',
  'report.search': 'Search',
  'report.filters': 'Report filters',
  'report.close': 'Close',
  'report.refusedSubject': '{subject} is not an account you may see: this is your own report instead.',
  'report.linkAccount': 'The account of this link',
  'report.somethingWrong': 'Something went wrong',
  'report.unexpectedError': 'An unexpected error occurred',

  // Date fields and their calendars
  'dates.placeholder': 'DD-Mon-YYYY',
  'dates.aMonday': 'a Monday',
  'dates.itsSunday': 'its Sunday',
  'dates.today': 'Today',
  'dates.clear': 'Clear',
  'dates.clearField': 'Clear {label}',
  'dates.calendar': '{label} calendar',
  'dates.fieldValue': '{label}: {value}',
  'dates.previousMonth': 'Previous month',
  'dates.nextMonth': 'Next month',
  'dates.previousYear': 'Previous year',
  'dates.nextYear': 'Next year',
  'dates.previousDecade': 'Previous decade',
  'dates.nextDecade': 'Next decade',
  'dates.chooseMonth': 'Choose month',
  'dates.chooseYear': 'Choose year',
  'dates.range': 'Range',
  'dates.chooseRange': 'Choose a range',
  'dates.thisWeek': 'This week',
  'dates.lastWeek': 'Last week',
  'dates.last4Weeks': 'Last 4 weeks',
  'dates.last12Weeks': 'Last 12 weeks',
  'dates.thisMonth': 'This month',
  'dates.lastMonth': 'Last month',

  // The report's subject picker
  'subject.reportFor': 'Report for',
  'subject.myself': 'Myself',
  // The heading of the players the picker offers to open (docs/screens.md, Member).
  'subject.memberPages': 'Member pages',
  'subject.selected': 'Selected account',
  'subject.clear': 'Clear: back to {myself}',
  'subject.typeToSearch': '{myself} - type to search',
  'subject.searching': 'Searching...',
  'subject.noMatches': 'No matching accounts',

  // The screens of each family (areas/)
  ...EN_ACTIVITY,
  ...EN_DRAWS,
  ...EN_IDENTITY,
  ...EN_INSIGHT,
  ...EN_MAIL,
  ...EN_MEMBERS,
  ...EN_MONEY,
  ...EN_NETWORK,
  ...EN_PLATFORM,
  ...EN_TRANSFERS,
} as const;

export type AppMessageId = keyof typeof EN_APP;
