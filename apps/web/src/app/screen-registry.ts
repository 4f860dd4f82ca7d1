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

// One page for every game (route drawdetails/:name/:id); it reads the game code from the route.
const drawDetails: ScreenPage = lazy(() => import('../features/draws/DrawDetailsPage'));

export const SCREEN_PAGES: Readonly<Record<string, ScreenPage>> = {
  revenue: lazy(() => import('../features/revenue/RevenuePage')),
  pokerrevenue: lazy(() => import('../features/revenue/PokerRevenuePage')),
  pointtransfer: lazy(() => import('../features/transfers/PointTransferPage')),
  multipointtransfer: lazy(() => import('../features/transfers/MultiPointTransferPage')),
  dailystatus: lazy(() => import('../features/network/components/DailyStatusPage')),
  agentdetails: lazy(() => import('../features/network/components/AgentDetailsPage')),
  revenuerecovery: lazy(() => import('../features/loans/RevenueRecoveryPage')),
  computerloan: lazy(() => import('../features/loans/ComputerLoanPage')),
  multiplecybers: lazy(() => import('../features/loans/MultipleCybersPage')),
  nonperfomeragent: lazy(() => import('../features/network/components/NonPerformingPage')),
  agenstatus: lazy(() => import('../features/network/components/AgentStatusPage')),
  balancereport: lazy(() => import('../features/network/components/BalanceReportPage')),
  'drawdetails-funtarget': drawDetails,
  'drawdetails-funroullet': drawDetails,
  'drawdetails-triplefun': drawDetails,
  'drawdetails-funab': drawDetails,
  agentmaildetails: lazy(() => import('../features/mail/AgentMailPage')),
  managermaildetails: lazy(() => import('../features/mail/ManagerMailPage')),
  weeklydetailsreport: lazy(() => import('../features/transfers/WeeklyDetailsPage')),
};

/** The page for a screen key (routes.test.tsx checks that every screen of the permission table has one). */
export function pageFor(key: string): ScreenPage {
  const page = SCREEN_PAGES[key];
  if (!page) throw new Error(`No page for screen ${key}`);
  return page;
}
