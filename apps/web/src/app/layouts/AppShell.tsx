import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { MESSAGES } from '@frontage/shared';
import { useAppConfig } from '../../lib/config';
import { useCurrentUser } from '../../lib/session';
import { HelpVideoDialog } from '../../features/help-videos/HelpVideoDialog';
import { WhatsNewDialog } from '../../features/news/WhatsNewDialog';
import { PageErrorBoundary } from '../lazyPage';
import { whenIdle } from '../../lib/whenIdle';
import { NAV_ITEMS } from './navItems';
import { SideDrawer } from './SideDrawer';
import { TopBar } from './TopBar';

const COLLAPSED_KEY = 'frontage.drawerCollapsed';

const readCollapsed = (): boolean => {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Top bar + side drawer around the routed page; the main layout adds the banner and footer. */
export function AppShell() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  // One shell for every page, the map's too: going to or from /map keeps the top bar and the
  // drawer mounted (their queries and state) and only swaps the page's frame.
  const variant: 'main' | 'map' = pathname === '/map' ? 'map' : 'main';
  // The pages whose code is worth having before they are asked for (the map), once all is quiet.
  useEffect(() => whenIdle(() => NAV_ITEMS.forEach((item) => item.preloadWhenIdle?.())), []);

  const toggle = () => {
    if (wide) {
      setCollapsed((c) => {
        try {
          window.localStorage.setItem(COLLAPSED_KEY, String(!c));
        } catch {
          /* storage unavailable */
        }
        return !c;
      });
    } else {
      setMobileOpen((o) => !o);
    }
  };

  const page: ReactNode = (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        minHeight: '100vh',
        ...(variant === 'map' && { height: '100vh', overflow: 'hidden' }),
      }}
    >
      <TopBar drawerOpen={wide ? !collapsed : mobileOpen} onToggleDrawer={toggle} />
      <SideDrawer
        wide={wide}
        collapsed={collapsed}
        mobileOpen={mobileOpen}
        onClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {variant === 'main' ? (
          <>
            <TempPasswordBanner />
            <Box component="main" sx={{ flexGrow: 1, px: { xs: 1.5, sm: 2.5 }, py: 2 }}>
              {page}
            </Box>
            <Footer />
          </>
        ) : (
          <Box component="main" sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>
            {page}
          </Box>
        )}
      </Box>
      <HelpVideoDialog />
      <WhatsNewDialog />
    </Box>
  );
}

export function MainLayout() {
  return <AppShell />;
}

/** Shown while the user still has a temporary password (is_temp); gone once it is changed. */
function TempPasswordBanner() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user.is_temp) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      data-testid="temp-password-banner"
      sx={{
        borderRadius: 0,
        py: 0.25,
        position: 'sticky',
        top: { xs: 48 },
        zIndex: (t) => t.zIndex.appBar - 1,
      }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => void navigate('/profile#password')}
        >
          Change password
        </Button>
      }
    >
      {MESSAGES.changePassword}
    </Alert>
  );
}

const currentYear = (): number => new Date().getFullYear();

function Footer() {
  const { data: config } = useAppConfig();
  return (
    <Box
      component="footer"
      sx={{
        px: { xs: 1.5, sm: 2.5 },
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'space-between',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">© {currentYear()} Frontage</Typography>
      {config?.help_email && (
        <Typography variant="body2">
          Need help? Email{' '}
          <Link href={`mailto:${config.help_email}`} color="primary" underline="always">
            {config.help_email}
          </Link>
        </Typography>
      )}
    </Box>
  );
}
