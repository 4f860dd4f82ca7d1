import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenPageProps } from '../config/navigation';

/**
 * The page of every screen of the permission table, by screen key (`SCREENS[].key` in
 * packages/contracts). A page is `features/<area>/<Name>Page.tsx` (import-rules.test.ts checks it)
 * whose default export takes `ScreenPageProps`; its entry here is the import of its module, e.g.
 *   pointtransfer: () => import('../features/transfers/PointTransferPage'),
 * Routes, menus and access come from the permission table; this file only says what renders.
 */
type PageModule = { default: ComponentType<ScreenPageProps> };
export type ScreenPage = LazyExoticComponent<ComponentType<ScreenPageProps>>;

// One page for every game (route drawdetails/:name/:id); it reads the game code from the route.
const drawDetails = () => import('../features/draws/DrawDetailsPage');

const PAGE_MODULES: Readonly<Record<string, () => Promise<PageModule>>> = {
  revenue: () => import('../features/revenue/RevenuePage'),
  pokerrevenue: () => import('../features/revenue/PokerRevenuePage'),
  pointtransfer: () => import('../features/transfers/PointTransferPage'),
  multipointtransfer: () => import('../features/transfers/MultiPointTransferPage'),
  dailystatus: () => import('../features/network/DailyStatusPage'),
  agentdetails: () => import('../features/network/AgentDetailsPage'),
  revenuerecovery: () => import('../features/loans/RevenueRecoveryPage'),
  computerloan: () => import('../features/loans/ComputerLoanPage'),
  multiplecybers: () => import('../features/loans/MultipleCybersPage'),
  nonperfomeragent: () => import('../features/network/NonPerformingPage'),
  agenstatus: () => import('../features/network/AgentStatusPage'),
  balancereport: () => import('../features/network/BalanceReportPage'),
  'drawdetails-funtarget': drawDetails,
  'drawdetails-funroullet': drawDetails,
  'drawdetails-triplefun': drawDetails,
  'drawdetails-funab': drawDetails,
  agentmaildetails: () => import('../features/mail/AgentMailPage'),
  managermaildetails: () => import('../features/mail/ManagerMailPage'),
  weeklydetailsreport: () => import('../features/transfers/WeeklyDetailsPage'),
};

/** Each page as a lazy component (its own chunk, loaded when first shown); one component per module. */
const lazyPages = new Map<() => Promise<PageModule>, ScreenPage>();
export const SCREEN_PAGES: Readonly<Record<string, ScreenPage>> = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([key, load]) => {
    const page = lazyPages.get(load) ?? lazy(load);
    lazyPages.set(load, page);
    return [key, page];
  }),
);

/** The page for a screen key (routes.test.tsx checks that every screen of the permission table has one). */
export function pageFor(key: string): ScreenPage {
  const page = SCREEN_PAGES[key];
  if (!page) throw new Error(`No page for screen ${key}`);
  return page;
}

/**
 * Starts loading a screen's page before the router asks for it (boot.tsx, while the rest of the
 * app loads), so that the two downloads run side by side. A failure is left to the route to show.
 */
export function preloadPage(key: string): void {
  void PAGE_MODULES[key]?.().catch(() => undefined);
}
