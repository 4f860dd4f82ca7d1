import type { ScreenRow } from './screen-row.js';

/** The transfer screens (docs/screens.md, Point Transfer, Multiplayer Point Transfer, Weekly Details Report). */
export const TRANSFER_SCREENS = [
  {
    key: 'pointTransfer',
    path: 'reports/pointtransfer',
    label: 'Point Transfer',
    menu: { section: 'Reports', order: 30 },
    audience: 'everyone',
    api: ['pointTransfer'],
    subjects: 'everyone', // transfers: any account has them
  },
  {
    key: 'multiPointTransfer',
    path: 'reports/multipointtransfer',
    label: 'Multiplayer Point Transfer',
    menuLabels: { player: 'Multipoint Transfer' },
    menu: { section: 'Reports', order: 40 },
    audience: 'everyone',
    api: ['multiPointTransfer'],
    subjects: 'everyone', // transfers: any account has them
  },
  {
    key: 'weeklyDetails',
    path: 'weeklydetailsreport',
    label: 'Weekly Details Report',
    menu: { section: 'Weekly Details Reports', order: 10 },
    audience: 'agents',
    api: ['weeklyDetails'],
    subjects: 'everyone', // transfers: any account has them
  },
] as const satisfies readonly ScreenRow[];
