import { ACCESS_PAGES, isDrawScreen, isRole, MAIL_PAGES } from '@playrep/contracts';
import { type ReactNode, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { screenAtPath } from '../config/navigation';
import { LOGIN_PATH, roleSegment, TWO_STEP_PATH } from '../config/paths';
import { LoginPage } from '../features/identity/LoginPage';
import { startLanguage } from '../lib/i18n/language';
import { signInLabel, signInMessage } from '../lib/i18n/text';
import classes from './boot.module.css';
import { preloadPage } from './screen-registry';

/** The rest of the app, in its own chunks (mount-app.tsx). */
const loadApp = () => import('./mount-app');

/** A path inside a role area (`/{role}/...`): the app decides there (guard, redirects, pages). */
/**
 * The pages a mail or a manager links to, open without signing in (the confirmation of an address,
 * the statement's unsubscribe, a sign-in link's welcome, forgot password), and the caller's two-step sign-in.
 */
function isMailPagePath(pathname: string): boolean {
  return (
    ([...Object.values(MAIL_PAGES), ...Object.values(ACCESS_PAGES)] as string[]).includes(pathname) || pathname === TWO_STEP_PATH
  );
}

export function isRoleAreaPath(pathname: string): boolean {
  return isRole(roleSegment(pathname));
}

/**
 * The shell's header and background while the app's code arrives, with the title of the screen
 * being opened where the page will show it: the user sees at once where they are going, and a
 * phone paints the page's main text before the app's code has run.
 */
function AppLoading({ title }: { title: string | undefined }) {
  return (
    <div className={classes.frame}>
      <div className={classes.header}>
        <img src="/logo.svg" alt="" width={36} height={36} />
      </div>
      <div className={classes.main}>
        {/* Not yet the page's heading: that one (the page's only h1) comes with the page. */}
        {title !== undefined && <p className={classes.title}>{signInLabel(title)}</p>}
        <p className={classes.status} role="status">
          {signInMessage('boot.loading')}
        </p>
      </div>
    </div>
  );
}

/** The page title of the screen at a path, where it does not depend on the path's details (a draw page names its game). */
function titleAtPath(pathname: string): string | undefined {
  const screen = screenAtPath(pathname);
  return screen && !isDrawScreen(screen) ? screen.label : undefined;
}

function AppLoadError() {
  return (
    <div className={classes.frame}>
      <p className={classes.main} role="alert">
        {signInMessage('boot.loadError')}
      </p>
    </div>
  );
}

/**
 * Starts the browser app. Any path outside the role areas is the sign-in page (the root and
 * unknown paths go to /auth/login, docs/screens.md, Routes), which is all a visitor who is not signed in
 * needs: it shows without the router, the component library or the report code, and loads them
 * once a sign-in succeeds, during the second before the move. A role area's path loads the app at
 * once, and the page of its screen beside it.
 */
export function boot(container: HTMLElement): Root {
  const root: Root = createRoot(container);
  // A language chosen on an earlier visit: its catalogue first, then the first render in it.
  const language = startLanguage();
  const render = (node: ReactNode) => {
    if (!language) root.render(node);
    else
      void language.then(
        () => root.render(node),
        () => root.render(node),
      ); // no catalogue (offline): English
  };
  const openApp = (path?: string) => {
    if (path !== undefined) window.history.replaceState(null, '', path);
    const screen = screenAtPath(window.location.pathname);
    // The app mounts once the screen's page has come too, and shows it with the layout at once.
    Promise.all([loadApp(), screen ? preloadPage(screen.key) : undefined, language?.catch(() => undefined)]).then(
      ([{ mountApp }]) => mountApp(root),
      (error: unknown) => {
        console.error('The app could not be loaded', error);
        root.render(<AppLoadError />);
      },
    );
  };

  // A role area, or a page a mail links to (no sign-in needed): the app.
  if (isRoleAreaPath(window.location.pathname) || isMailPagePath(window.location.pathname)) {
    render(<AppLoading title={titleAtPath(window.location.pathname)} />);
    openApp();
    return root;
  }
  if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  render(
    <StrictMode>
      <LoginPage onNavigate={openApp} onSignedIn={() => void loadApp().catch(() => undefined)} />
    </StrictMode>,
  );
  return root;
}
