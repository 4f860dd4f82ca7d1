import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenPageProps } from '../config/navigation';

/**
 * The page of every screen of the permission table, by screen key (`SCREENS[].key` in
 * packages/contracts). To plug a page in, replace its entry with a lazy import of a module whose
 * default export takes `ScreenPageProps`, e.g.
 *   pointtransfer: lazy(() => import('../features/point-transfer/PointTransferPage')),
 * or, for a named export:
 *   pointtransfer: lazy(() => import('../features/point-transfer/PointTransferPage').then((m) => ({ default: m.PointTransferPage }))),
 * Routes, menus and access come from the permission table; this file only says what renders.
 */
export type ScreenPage = LazyExoticComponent<ComponentType<ScreenPageProps>>;

const comingSoon: ScreenPage = lazy(() => import('../features/placeholder/ComingSoonPage'));

export const SCREEN_PAGES: Readonly<Record<string, ScreenPage>> = {
  revenue: comingSoon,
  pokerrevenue: comingSoon,
  pointtransfer: comingSoon,
  multipointtransfer: comingSoon,
  dailystatus: comingSoon,
  agentdetails: comingSoon,
  revenuerecovery: comingSoon,
  computerloan: comingSoon,
  multiplecybers: comingSoon,
  nonperfomeragent: comingSoon,
  agenstatus: comingSoon,
  balancereport: comingSoon,
  'drawdetails-funtarget': comingSoon,
  'drawdetails-funroullet': comingSoon,
  'drawdetails-triplefun': comingSoon,
  'drawdetails-funab': comingSoon,
  agentmaildetails: comingSoon,
  managermaildetails: comingSoon,
  weeklydetailsreport: comingSoon,
};

/** The page for a screen key; the placeholder when the registry has no entry. */
export function pageFor(key: string): ScreenPage {
  return SCREEN_PAGES[key] ?? comingSoon;
}
