/**
 * The English texts of the network screens (features/network), by message ID in ICU message format;
 * their Hindi is in network-hi.ts (tsc fails until every ID is there). Labels the contracts hold
 * (titles, columns, fields) are not here: `label()` gives them.
 */
export const EN_NETWORK = {
  'network.dailyStatus.profitOn': 'Profit on {day}',
  'network.dailyStatus.showMembers': "show members of {agent} who played in other agents' cafes",
  'network.dailyStatus.membersTitle': "Members of {agent} who played in other agents' cafes on {day}",
  'network.dailyStatus.membersTable': "Members of {agent} in other agents' cafes",
  'network.agentStatus.allAgents': 'All agents',
  'network.balance.allChildren': 'All children',
  'network.balance.showChildren': 'show child accounts',
  'network.balance.showItsChildren': 'show its child accounts',
  'network.balance.childrenOf': 'Child accounts of {agent}',
  'network.balance.path': 'Account path',
  'network.balance.noData': 'No Data',
  'network.nonPerforming.totalAgents': 'Total agents',
  'network.nonPerforming.inactiveAgents': 'Inactive agents',
  'network.nonPerforming.inactiveAgentsCount': 'Inactive agents (cannot sign in)',
} as const;
