import type { AgentRow } from '@playrep/contracts';

/** An account row as the network routes send it. */
export function agent(username: string, overrides: Partial<AgentRow> = {}): AgentRow {
  const [firstName, lastName] = [`${username[0]!.toUpperCase()}${username.slice(1)}`, 'Test'];
  return {
    _id: `u-${username}`,
    username,
    firstName,
    lastName,
    fullname: `${firstName} ${lastName}`,
    role: username.startsWith('player') ? 'player' : 'master',
    address: `${username} street`,
    commission: 10,
    userStatus: true,
    walletBalance: 0,
    ...overrides,
  };
}
