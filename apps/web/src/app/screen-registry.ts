import type { ScreenKey } from '@playrep/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenPageProps } from '../config/navigation';

/**
 * The page of every screen of the permission table, by screen key (`SCREENS[].key` in
 * packages/contracts): a record over the keys, so a screen without a page does not compile. A
 * page is `features/<area>/<Key>Page.tsx`, named after its screen (import-rules.test.ts checks it),
 * whose default export takes `ScreenPageProps`; its entry here is the import of its module, e.g.
 *   pointTransfer: () => import('../features/transfers/PointTransferPage'),
 * A screen that is one table (`oneTable` in its row) has no page of its own: its entry is
 *   agentDetails: oneTableReport,
 * Routes, menus and access come from the permission table; this file only says what renders.
 */
type PageModule = { default: ComponentType<ScreenPageProps> };
export type ScreenPage = LazyExoticComponent<ComponentType<ScreenPageProps>>;

// One page for every game (route drawdetails/:name/:id); it reads the game code from the route.
const drawDetails = () => import('../features/draws/DrawDetailsPage');
// The report kit's page of every one-table screen; it reads its call and columns from the screen's row.
const oneTableReport = () => import('../components/report/OneTableReport');

const PAGE_MODULES: Readonly<Record<ScreenKey, () => Promise<PageModule>>> = {
  today: () => import('../features/insight/TodayPage'),
  revenue: () => import('../features/money/RevenuePage'),
  pokerRevenue: () => import('../features/money/PokerRevenuePage'),
  pointTransfer: () => import('../features/transfers/PointTransferPage'),
  multiPointTransfer: () => import('../features/transfers/MultiPointTransferPage'),
  dailyStatus: () => import('../features/network/DailyStatusPage'),
  agentDetails: oneTableReport,
  revenueRecovery: () => import('../features/money/RevenueRecoveryPage'),
  computerLoan: () => import('../features/money/ComputerLoanPage'),
  multipleCybers: () => import('../features/money/MultipleCybersPage'),
  nonPerforming: () => import('../features/network/NonPerformingPage'),
  agentStatus: () => import('../features/network/AgentStatusPage'),
  balanceReport: () => import('../features/network/BalanceReportPage'),
  cafeProfit: () => import('../features/insight/CafeProfitPage'),
  trends: () => import('../features/insight/TrendsPage'),
  cafeTrends: () => import('../features/insight/CafeTrendsPage'),
  weekGlance: () => import('../features/insight/WeekGlancePage'),
  member: () => import('../features/members/MemberPage'),
  'drawDetails-funtarget': drawDetails,
  'drawDetails-funroullet': drawDetails,
  'drawDetails-triplefun': drawDetails,
  'drawDetails-funab': drawDetails,
  agentMail: () => import('../features/money/AgentMailPage'),
  managerMail: () => import('../features/money/ManagerMailPage'),
  weeklyDetails: () => import('../features/transfers/WeeklyDetailsPage'),
  mail: () => import('../features/mail/MailPage'),
  accounts: () => import('../features/identity/AccountsPage'),
  activity: () => import('../features/activity/ActivityPage'),
  platform: () => import('../features/platform/PlatformPage'),
};

/** Each page as a lazy component (its own chunk, loaded when first shown); one component per module. */
const lazyPages = new Map<() => Promise<PageModule>, ScreenPage>();
export const SCREEN_PAGES = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([key, load]) => {
    const page = lazyPages.get(load) ?? lazy(load);
    lazyPages.set(load, page);
    return [key, page];
  }),
) as Readonly<Record<ScreenKey, ScreenPage>>;

/** The pages loaded before the app first showed them (preloadPage), by screen key. */
const preloaded = new Map<ScreenKey, ComponentType<ScreenPageProps>>();

/**
 * The page of a screen: the component itself when boot.tsx loaded it beforehand, so that it shows
 * with the layout in one go (no spinner, and its report asked at once rather than after React has
 * revealed a suspended page), else the lazy one.
 */
export function pageFor(key: ScreenKey): ComponentType<ScreenPageProps> {
  return preloaded.get(key) ?? SCREEN_PAGES[key];
}

/**
 * Loads a screen's page before the router asks for it (boot.tsx, while the rest of the app loads),
 * so that the two downloads run side by side. A failure is left to the route to show: the promise
 * always resolves.
 */
export function preloadPage(key: ScreenKey): Promise<void> {
  return PAGE_MODULES[key]().then(
    (module) => {
      preloaded.set(key, module.default);
    },
    () => undefined,
  );
}
