import { type MenuScreenSpec, menuScreen } from './screen-row.js';

/** A transfer screen: any account has transfers, so any may be its subject. */
const transferScreen = <K extends string>(row: MenuScreenSpec<K>) => menuScreen({ subjects: 'everyone', ...row });

/** The transfer screens (docs/screens.md, Point Transfer, Multiplayer Point Transfer, Weekly Details Report). */
export const TRANSFER_SCREENS = [
  transferScreen({
    key: 'pointTransfer',
    path: 'reports/pointtransfer',
    label: 'Point Transfer',
    order: 30,
    audience: 'everyone',
    api: ['pointTransfer'],
  }),
  transferScreen({
    key: 'multiPointTransfer',
    path: 'reports/multipointtransfer',
    label: 'Multiplayer Point Transfer',
    menuLabels: { player: 'Multipoint Transfer' },
    order: 40,
    audience: 'everyone',
    api: ['multiPointTransfer'],
  }),
  transferScreen({
    key: 'weeklyDetails',
    path: 'weeklydetailsreport',
    label: 'Weekly Details Report',
    section: 'Weekly Details Reports',
    order: 10,
    api: ['weeklyDetails'],
  }),
] as const;
