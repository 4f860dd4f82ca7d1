import type { ScreenRow } from './screen-row.js';

/**
 * The member page's route (docs/screens.md, Member): the member's username is its `username` query
 * parameter, as the other per-account pages take their account in the query (`id`, `agentId`).
 */
export const MEMBER_PAGE_PATH = 'reports/member';

/** The member page: not in the menus; every player username in a report links here, and the subject picker finds players. */
export const MEMBER_SCREENS = [
  {
    key: 'member',
    path: MEMBER_PAGE_PATH,
    label: 'Member',
    audience: 'agents', // every role above a member
    api: ['member', 'memberPlays', 'memberTransfers'],
  },
] as const satisfies readonly ScreenRow[];
