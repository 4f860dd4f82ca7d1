/**
 * The English texts of the insight screens (features/insight), by message ID in ICU message format;
 * their Hindi is in insight-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_INSIGHT = {
  // Today
  'insight.today.profit': 'Profit',
  'insight.today.play': 'Play',
  'insight.today.plays': 'Plays',
  'insight.today.activeMembers': 'Active members',
  'insight.today.figuresName': 'Today so far against the same weekday last week',
  'insight.today.figure': 'Figure',
  'insight.today.todayTo': 'Today to {time}',
  'insight.today.dayTo': '{day} to {time}',
  'insight.today.change': 'Change',
  'insight.today.thresholdForm': 'Big win threshold',
  'insight.today.save': 'Save',
  'insight.today.soFar': 'Today so far',
  'insight.today.dailyStatusToday': 'Daily Status for today',
  'insight.today.bigWins': 'Big wins today',
  'insight.today.losingCafes': 'Cafes losing most today',
  'insight.today.waitingTransfers': 'Transfers waiting for you',
  'insight.today.waitingTransfersTable': 'Transfers waiting',
  'insight.today.openLoans': 'Open loans',
  'insight.today.idleMasters': 'Masters with no play today',
  'insight.today.openLoansMore':
    '{count, plural, one {{masters} master owes} other {{masters} masters owe}} {outstanding} points in all; the {shown} that owe most are listed.',
  'insight.today.idleMastersMore':
    '{count, plural, one {{masters} master has} other {{masters} masters have}} no play today; the first {shown} by username are listed.',
  // Trends
  'insight.trends.period': 'Draw-games profit per week from {from} to {to}; change against {previousFrom} to {previousTo}.',
  'insight.trends.periodOpen':
    'Draw-games profit per week from {from} to {to} (the last week is open: figures so far); change against {previousFrom} to {previousTo}.',
  'insight.trends.totalsName': 'Totals over every row',
  'insight.trends.totals':
    'All {count, plural, one {{rows} row} other {{rows} rows}}: Total {total} · Period Before {previous} · Change {change}',
  'insight.trends.trend': 'Trend',
  'insight.trends.weekOf': 'Week of {day}',
  'insight.trends.total': 'Total',
  'insight.trends.previous': 'Period Before',
  'insight.trends.change': 'Change',
  'insight.trends.lastWeeks': 'Last {weeks} weeks',
  'insight.sparkline.perWeek': '{account}, profit per week',
  'insight.sparkline.perDay': '{account}, profit per day',
  'insight.sparkline.range': '{label}: from {first} to {last}',
  // Cafe Trends
  'insight.cafeTrends.period':
    'Draw-games profit of each cafe per week, where the plays were made, from {from} to {to}; change against {previousFrom} to {previousTo}.',
  'insight.cafeTrends.periodOpen':
    'Draw-games profit of each cafe per week, where the plays were made, from {from} to {to} (the last week is open: figures so far); change against {previousFrom} to {previousTo}.',
  'insight.cafeTrends.weekCell': '{amount}: Cafe Profit of {cafe}, week of {day}',
  // Week at a Glance
  'insight.weekGlance.week': 'Week',
  'insight.weekGlance.text': 'Draw-games profit per day from Monday {from} to Sunday {to}, each day as Daily Status shows it.',
  'insight.weekGlance.textOpen':
    'Draw-games profit per day from Monday {from} to Sunday {to} (the open week: figures so far), each day as Daily Status shows it.',
  'insight.weekGlance.empty': 'No accounts below {account}',
  'insight.weekGlance.mon': 'Mon',
  'insight.weekGlance.tue': 'Tue',
  'insight.weekGlance.wed': 'Wed',
  'insight.weekGlance.thu': 'Thu',
  'insight.weekGlance.fri': 'Fri',
  'insight.weekGlance.sat': 'Sat',
  'insight.weekGlance.sun': 'Sun',
  // Cafe Profit
  'insight.cafeProfit.note':
    'A cafe’s profit is where the plays were made, whoever played: an agent’s cafes together differ from its profit, which follows its members wherever they play.',
  'insight.cafeProfit.showTerminals': '{cafe}: show its terminals',
  'insight.cafeProfit.terminalsTitle': 'Terminals of {cafe}, {from} to {to}',
  'insight.cafeProfit.terminalsTable': 'Terminals of {cafe}',
} as const;
