import { Anchor, AppShell, Box, Group, Title } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { CONSOLE_FRAME } from '@mip/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { AnnouncementBanner } from './AnnouncementBanner';
import { BottomBar } from './BottomBar';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LanguageSwitch } from './LanguageSwitch';
import { SideMenu } from './SideMenu';
import { CONTENT_ID, SkipLink } from './SkipLink';
import { ThemeToggle } from './ThemeToggle';
import { usePageTitle } from './usePageTitle';

/** Spec 000 §9: the mobile layout starts below 992 px (Mantine's md, 62em). */
export const DESKTOP_QUERY = `(min-width: ${CONSOLE_FRAME.desktopFromEm}em)`;

/** Spec 001 §2: "the dashboard is the path of length 1 or any path beginning with /app/"; it has no go-back link. */
export function isDashboardPath(pathname: string) {
  return pathname.length === 1 || pathname.startsWith('/app/');
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true);
  const location = useLocation();
  const navigate = useNavigate();
  const title = usePageTitle();
  const hasHistory = typeof window !== 'undefined' && (window.history.state?.idx ?? 0) > 0;
  const canGoBack = hasHistory && !isDashboardPath(location.pathname);

  // A menu opened on a phone closes once the user has chosen where to go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => menu.close(), [location.pathname]);
  // …and with Escape, like any panel over the page, giving the focus back to the button that opened it.
  useHotkeys(
    isMenuOpen && !isDesktop
      ? [
          [
            'Escape',
            () => {
              menu.close();
              document.querySelector<HTMLElement>('[data-testid="bottom-bar-more"]')?.focus();
            },
          ],
        ]
      : [],
  );

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: CONSOLE_FRAME.headerHeight }}
        navbar={{ width: CONSOLE_FRAME.navbarWidth, breakpoint: 'md', collapsed: { mobile: !isMenuOpen } }}
        footer={{ height: CONSOLE_FRAME.footerHeight, collapsed: isDesktop }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {canGoBack && (
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => navigate(-1)}
                  aria-label={t('shell.goBack')}
                  title={t('shell.goBack')}
                  c="dimmed"
                  style={{ display: 'flex' }}
                >
                  <IconArrowLeft size={20} />
                </Anchor>
              )}
              {/* A phone has room for a long title ("Sistemas de mobilidade") only on two smaller lines. */}
              <Title order={1} fz={{ base: 'md', md: 'h4' }} lh={1.25} lineClamp={2}>
                {title}
              </Title>
            </Group>
            <Group gap={4} wrap="nowrap">
              <NotificationBell />
              <LanguageSwitch />
              <ThemeToggle />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <SideMenu />
        </AppShell.Navbar>
        {/* The skip link's target, banners included; focusable by it only, and unframed (it is the whole screen). */}
        <AppShell.Main id={CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <ImpersonationBanner />
          <AnnouncementBanner />
          <Box>
            <Suspense fallback={<DelayedLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </AppShell.Main>
        <AppShell.Footer hiddenFrom="md">
          <BottomBar isMenuOpen={isMenuOpen} onToggleMenu={menu.toggle} />
        </AppShell.Footer>
      </AppShell>
    </>
  );
}
