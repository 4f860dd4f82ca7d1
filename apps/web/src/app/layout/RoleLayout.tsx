import { Anchor, AppShell, Burger, Group, Image, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Role } from '@playrep/contracts';
import { type MouseEvent, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { menuFor } from '../../config/navigation';
import { ACCOUNT_PAGE, roleHomePath, screenPath } from '../../config/paths';
import { useLogout } from '../../features/identity/api/logout';
import { useSessionCheck } from '../../features/identity/api/session-check';
import { DataText } from '../../lib/i18n/data-text';
import { useMessages } from '../../lib/i18n/messages';
import { claimDevice } from '../../lib/offline-answers';
import { useSession } from '../../lib/session';
import { DesktopMenu, MobileMenu } from './Menus';
import classes from './RoleLayout.module.css';

export const MAIN_ID = 'main-content';
const DESKTOP = 'md';

/** Focuses the main landmark without touching the URL (a plain #hash would reach the router). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

/**
 * The frame of every role area (docs/screens.md, Role area): header with the logo (a link to the
 * role's landing page), welcome
 * line, menus from the permission table and LogOut; the page; the footer.
 */
export function RoleLayout({ role }: { role: Role }) {
  const { session } = useSession();
  const { logout, pending } = useLogout();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const { t, language } = useMessages();
  const sections = menuFor(role);
  useSessionCheck(session);
  // The device keeps the report answers of one account: another account's go once this one is in.
  const account = session?.user._id;
  useEffect(() => {
    if (account !== undefined) void claimDevice(account);
  }, [account]);
  // The header's menus exist only on a wide screen: on a phone they were hidden yet rendered (a
  // dropdown each, with its positioning), a large part of every page's first render there.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints[DESKTOP]})`, undefined, {
    getInitialValueInEffect: false,
  });

  // The mobile menu closes once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => nav.close(), [pathname]);

  const name = [session?.user.firstName, session?.user.lastName].filter(Boolean).join(' ');

  return (
    <AppShell
      header={{ height: 64 }}
      footer={{ height: 40 }}
      navbar={{ width: 280, breakpoint: DESKTOP, collapsed: { mobile: !navOpened, desktop: true } }}
      padding="md"
    >
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        {t('shell.skipToMain')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" gap="md" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={nav.toggle}
            hiddenFrom={DESKTOP}
            size="sm"
            aria-label={navOpened ? t('shell.closeNavigation') : t('shell.openNavigation')}
            aria-expanded={navOpened}
            aria-controls="mobile-navigation"
          />
          {/* The logo leads to the role's own landing page: "/" would end at the sign-in form. */}
          <Anchor component={Link} to={roleHomePath(role)} className={classes.logo} aria-label={t('shell.home')}>
            <Image src="/logo.svg" alt="" w={36} h={36} />
          </Anchor>
          {wide && <DesktopMenu sections={sections} pathname={pathname} visibleFrom={DESKTOP} />}
          <Group gap="md" wrap="nowrap" ml="auto">
            {/* The name leads to the account page (docs/domain.md, "Access"). */}
            <Anchor component={Link} to={screenPath(role, ACCOUNT_PAGE)} size="sm" className={classes.welcome} truncate>
              <DataText id="shell.welcome" data={{ name }} />
            </Anchor>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => void logout()} disabled={pending}>
              {t('shell.logOut')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="mobile-navigation"
        p="xs"
        className={classes.navbar}
        aria-label={t('shell.mainNavigation')}
        hiddenFrom={DESKTOP}
        // Off-screen while collapsed: keep its links out of the tab order.
        inert={!navOpened}
      >
        {/* Rendered only while open: closed, the panel is off-screen and inert anyway. */}
        {navOpened && <MobileMenu sections={sections} pathname={pathname} />}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {/* A new language renders the page again in it (its texts are read as it renders). */}
        <Outlet key={language} />
      </AppShell.Main>

      <AppShell.Footer className={classes.footer}>
        <Text size="sm" ta="center">
          {t('shell.footer')}
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
