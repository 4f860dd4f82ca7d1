import { ACCESS_PAGES, DRAW_DETAILS_ROUTE, isDrawScreen, MAIL_PAGES, type Role, type ScreenKey } from '@playrep/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate } from 'react-router';
import { HOME_SCREEN, ROLES, routesForRole } from '../config/navigation';
import { ACCOUNT_PAGE, LOGIN_PATH, roleBasePath, roleHomePath, screenPath, TWO_STEP_PATH } from '../config/paths';
import { LoginPage } from '../features/identity/LoginPage';
import { RoleLayout } from './layout/RoleLayout';
import { RouteGuard } from './RouteGuard';
import { ScreenError, ScreenRoute } from './ScreenRoute';

/** Redirects keep the query string (a shared link's dates and filters survive). */
function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

/** The sign-in page inside the app (after a sign-out or an ended session): it moves with the router. */
function LoginRoute() {
  const navigate = useNavigate();
  return <LoginPage onNavigate={(path) => void navigate(path, { replace: true })} />;
}

// The pages a mail links to, open without signing in (their own chunks).
const ConfirmEmailPage = lazy(() => import('../features/mail/ConfirmEmailPage'));
const UnsubscribePage = lazy(() => import('../features/mail/UnsubscribePage'));
// The caller's two-step sign-in, outside the role area: REQUIRE_TWO_STEP keeps the reports closed until it is on.
const TwoStepPage = lazy(() => import('../features/identity/TwoStepPage'));
// Sign-in links and forgot password, open without signing in; the account page, in every role's area.
const WelcomePage = lazy(() => import('../features/identity/WelcomePage'));
const ForgotPasswordPage = lazy(() => import('../features/identity/ForgotPasswordPage'));
const AccountPage = lazy(() => import('./AccountRoute'));

/**
 * docs/screens.md, Routes: the player's old menu links, `/player/pointtransfer` and
 * `/player/multipointtransfer`, lead to the report routes of the same screens.
 */
const PLAYER_SHORTCUTS: Readonly<Record<string, ScreenKey>> = {
  pointtransfer: 'pointTransfer',
  multipointtransfer: 'multiPointTransfer',
};

function roleRoute(role: Role): RouteObject {
  const screens = routesForRole(role);
  const screenRoutes: RouteObject[] = screens
    .filter((screen) => !isDrawScreen(screen))
    .map((screen) => ({
      path: screen.path,
      element: <ScreenRoute screen={screen} role={role} />,
      errorElement: <ScreenError />,
    }));

  // Draw details: one route for any game code (the menus' four among them); the page reads the code.
  const drawScreen = screens.find(isDrawScreen);
  const drawRoutes: RouteObject[] = drawScreen
    ? [{ path: DRAW_DETAILS_ROUTE, element: <ScreenRoute screen={drawScreen} role={role} />, errorElement: <ScreenError /> }]
    : [];

  // A bare /{role}/reports shows the point transfer report for every role (docs/screens.md, Routes).
  const bareReports: RouteObject[] = screens.includes(HOME_SCREEN)
    ? [{ path: 'reports', element: <ScreenRoute screen={HOME_SCREEN} role={role} />, errorElement: <ScreenError /> }]
    : [];

  const shortcuts: RouteObject[] =
    role === 'player'
      ? Object.entries(PLAYER_SHORTCUTS).flatMap(([path, key]) => {
          const screen = screens.find((s) => s.key === key);
          return screen ? [{ path, element: <RedirectTo to={screenPath(role, screen.path)} /> }] : [];
        })
      : [];

  return {
    path: roleBasePath(role),
    element: (
      <RouteGuard role={role}>
        <RoleLayout role={role} />
      </RouteGuard>
    ),
    children: [
      ...screenRoutes,
      ...drawRoutes,
      ...bareReports,
      ...shortcuts,
      {
        path: ACCOUNT_PAGE,
        element: (
          <Suspense fallback={null}>
            <AccountPage />
          </Suspense>
        ),
        errorElement: <ScreenError />,
      },
      // Unknown sub-paths (and the bare role path) land on the point transfer report.
      { index: true, element: <Navigate to={roleHomePath(role)} replace /> },
      { path: '*', element: <Navigate to={roleHomePath(role)} replace /> },
    ],
  };
}

/** Every route of the app (docs/screens.md, Routes); used by the browser router and by tests. */
export function buildRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
    { path: LOGIN_PATH, element: <LoginRoute /> },
    {
      path: MAIL_PAGES.confirmEmail,
      element: (
        <Suspense fallback={null}>
          <ConfirmEmailPage />
        </Suspense>
      ),
    },
    {
      path: MAIL_PAGES.unsubscribe,
      element: (
        <Suspense fallback={null}>
          <UnsubscribePage />
        </Suspense>
      ),
    },
    {
      path: TWO_STEP_PATH,
      element: (
        <Suspense fallback={null}>
          <TwoStepPage />
        </Suspense>
      ),
    },
    ...[
      { path: ACCESS_PAGES.welcome, Page: WelcomePage },
      { path: ACCESS_PAGES.forgot, Page: ForgotPasswordPage },
    ].map(({ path, Page }) => ({
      path,
      element: (
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      ),
    })),
    ...ROLES.map(roleRoute),
    { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
  ];
}
