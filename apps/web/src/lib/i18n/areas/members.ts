/**
 * The English texts of the members screens (features/members), by message ID in ICU message format;
 * their Hindi is in members-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_MEMBERS = {
  'members.member.usernamePlaceholder': 'username',
  'members.member.hint': 'Type a member’s username, or open a member from a report: every player’s username links here.',
  'members.member.figures': 'Member',
  'members.member.name': 'Name',
  'members.member.agent': 'Agent',
  'members.member.cafe': 'Cafe',
  'members.member.balance': 'Balance',
  'members.member.registered': 'Registered',
  'members.member.state': 'State',
  'members.member.noCafe': 'No play in the 12 weeks',
  'members.member.active': 'Active',
  'members.member.inactive': 'Inactive',
  'members.member.profitByWeek': 'Profit by week',
  'members.member.profitByWeekHint':
    'The house’s profit from the member’s plays per settlement week (play − win, by game; Profit is its row in its agent’s Agent Mail of that week) and its poker rake. The open week is so far.',
  'members.member.openWeek': '{day} (open)',
  'members.member.plays': 'Plays',
  'members.member.playsName': 'Plays over the range',
  'members.member.playsSummary':
    '{count, plural, one {{plays} play} other {{plays} plays}} from {from} to {to}: Play {stake} · Win {win} · Profit {profit}',
  'members.member.transfers': 'Transfers',
} as const;
