/**
 * The English texts of the money screens (features/money), by message ID in ICU message format;
 * their Hindi is in money-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them. The statement's own words (its
 * heading, lines, notes and captions) are the contracts' STATEMENT_TEXTS, which its PDF uses too.
 */
export const EN_MONEY = {
  // Revenue and Poker Revenue (components/RevenueReport.tsx)
  'money.revenue.open': 'Open',
  'money.revenue.totals': 'Totals of the report',
  'money.revenue.totalProfit': 'Total Profit',
  'money.revenue.totalCommission': 'Total Commission',
  'money.revenue.coms': 'Coms (after loan)',
  'money.revenue.finalCarryForward': 'Final Carry Forward',
  'money.revenue.totalRemainingLoan': 'Total Remaining Loan',
  'money.revenue.asAtCloseOf': 'as at the close of the week of {date}',
  'money.revenue.noWeekClosedNothingDeducted': 'no week closed yet: nothing deducted so far',
  'money.revenue.weekOf': 'the week of {date}',
  'money.revenue.weekOfOpen': 'the week of {date} ({open})',
  'money.revenue.lateProfit':
    'Of the profit of {week}, {amount} is late: plays of closed weeks that arrived late, or were voided since, booked into this week.',
  'money.revenue.showWeek': 'show the week {from} to {to}',
  'money.revenue.range': '{from} to {to}',
  'money.revenue.openWeeksNote': '(weeks marked Open are not closed yet and are computed live)',
  'money.poker.note':
    'Profit is the poker rake. Loans are repaid from the draw-games revenue, so poker weeks have no loan deduction.',

  // The revenue chart (components/RevenueChart.tsx, RevenueChartPlot.tsx)
  'money.chart.title': 'Weekly profit and revenue (Actual Rev)',
  'money.chart.weekOpen': '{week} (open)',
  'money.chart.summary':
    '{title}: {count, plural, one {{n} week} other {{n} weeks}}; the figures of every week are in the table below.',

  // Revenue's week popup (components/WeekPopup.tsx)
  'money.week.figures': 'Revenue of the week',
  'money.week.title': 'Week {from} to {to}',
  'money.week.details': 'Week details',
  'money.week.openNotClosed': '{open}, not closed yet',
  'money.week.closed': 'closed week',
  'money.week.loading': 'Loading…',
  'money.week.giftSummary': 'Gift points summary',
  'money.week.members': 'Points Used By The Members',

  // Revenue Recovery (RevenueRecoveryPage.tsx, components/constants.ts)
  'money.recovery.asAt': 'as at the close of the week of {date}',
  'money.recovery.noWeekClosed': 'no week closed yet',
  'money.recovery.nothingOwed': '{username} has no outstanding loan and no loss carried forward.',
  'money.recovery.explained':
    'Recovery Amount {asOf}: outstanding loan {loan} plus the loss carried forward out of that week {carry}.',
  'money.recovery.agentPlaceholder': 'Agent username',
  'money.recovery.agentRequired': 'Please enter Agent ID',
  'money.recovery.noDataFound': 'No data found.',
  'money.recovery.fallbackError': 'Something went wrong while fetching data.',

  // Agent Mail and Manager Mail Details (AgentMailPage.tsx, ManagerMailPage.tsx, components/)
  'money.mail.loading': 'Loading the statement…',
  'money.mail.print': 'Print',
  'money.mail.agentMailOf': '{username}: Agent Mail statement of the week',
} as const;
