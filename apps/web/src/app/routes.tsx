import { DRAW_DETAILS_ROUTE, isDrawScreen, type Role } from '@playrep/contracts';
import { Navigate, type RouteObject, useLocation, useNavigate } from 'react-router';
import { HOME_SCREEN, ROLES, routesForRole } from '../config/navigation';
import { LOGIN_PATH, roleBasePath, roleHomePath, screenPath } from '../config/paths';
import { LoginPage } from '../features/auth/LoginPage';
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

/**
 * docs/domain.md: the player's menu links of the spec, `/player/pointtransfer` and
 * `/player/multipointtransfer`, lead to the report routes of the same screens.
 */
const PLAYER_SHORTCUTS = ['pointtransfer', 'multipointtransfer'];

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

  // A bare /{role}/reports shows the point transfer report for every role (docs/domain.md).
  const bareReports: RouteObject[] = screens.includes(HOME_SCREEN)
    ? [{ path: 'reports', element: <ScreenRoute screen={HOME_SCREEN} role={role} />, errorElement: <ScreenError /> }]
    : [];

  const shortcuts: RouteObject[] =
    role === 'player'
      ? screens
          .filter((screen) => PLAYER_SHORTCUTS.includes(screen.key))
          .map((screen) => ({ path: screen.key, element: <RedirectTo to={screenPath(role, screen.path)} /> }))
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
      // Unknown sub-paths (and the bare role path) land on the point transfer report.
      { index: true, element: <Navigate to={roleHomePath(role)} replace /> },
      { path: '*', element: <Navigate to={roleHomePath(role)} replace /> },
    ],
  };
}

/** Every route of the app (spec section 2); used by the browser router and by tests. */
export function buildRoutes(): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
    { path: LOGIN_PATH, element: <LoginRoute /> },
    ...ROLES.map(roleRoute),
    { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
  ];
}
