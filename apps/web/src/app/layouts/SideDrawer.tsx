import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { isAdmin } from '@frontage/shared';
import { useAppConfig } from '../../lib/config';
import { useCurrentUser } from '../../lib/session';
import { visuallyHidden } from '../../components/visuallyHidden';
import { NAV_ITEMS } from './navItems';

// Wide enough for the longest entry, "Tracked Retailers (Admin)", in the bold active style.
export const DRAWER_WIDTH = 240;
export const DRAWER_COLLAPSED_WIDTH = 56;

interface Props {
  /** Wide screens: permanent drawer, icons only when collapsed. Narrow: temporary drawer. */
  wide: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  onClose: () => void;
}

const itemSx = {
  minHeight: 36,
  px: 2,
  borderRadius: 1,
  mx: 0.75,
  my: 0.125,
  '& .MuiListItemIcon-root': { minWidth: 32, color: 'text.secondary' },
  '&.active': {
    bgcolor: (t: { palette: { primary: { main: string }; mode: string } }) =>
      alpha(t.palette.primary.main, t.palette.mode === 'dark' ? 0.2 : 0.12),
    color: 'primary.main',
    '& .MuiListItemIcon-root': { color: 'primary.main' },
    '& .MuiListItemText-primary': { fontWeight: 600 },
  },
} as const;

function Entry({
  label,
  icon,
  collapsed,
  children,
}: {
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  children: (content: ReactNode) => ReactNode;
}) {
  const content = (
    <>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText
        primary={label}
        sx={collapsed ? visuallyHidden : undefined}
        slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.8125rem' } } }}
      />
    </>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right" disableInteractive describeChild={false}>
      <Box>{children(content)}</Box>
    </Tooltip>
  ) : (
    <>{children(content)}</>
  );
}

export function SideDrawer({ wide, collapsed, mobileOpen, onClose }: Props) {
  const user = useCurrentUser();
  const { data: config } = useAppConfig();
  const mini = wide && collapsed;
  const width = mini ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  const closeOnNavigate = wide ? undefined : onClose;

  const nav = (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ overflowX: 'hidden', overflowY: 'auto', py: 0.75 }}
    >
      <List disablePadding>
        {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin(user)).map(
          ({ label, to, icon: Icon, end, preload }) => (
            <li key={to}>
              <Entry label={label} icon={<Icon fontSize="small" />} collapsed={mini}>
                {(content) => (
                  <ListItemButton
                    component={NavLink}
                    to={to}
                    end={end}
                    sx={itemSx}
                    onClick={closeOnNavigate}
                    onMouseEnter={preload}
                    onFocus={preload}
                  >
                    {content}
                  </ListItemButton>
                )}
              </Entry>
            </li>
          ),
        )}
      </List>
      <Divider sx={{ my: 0.75 }} />
      <List disablePadding>
        {[
          { label: 'Documentation', href: config?.docs_url, icon: <MenuBookIcon fontSize="small" /> },
          { label: 'Support', href: config?.support_url, icon: <SupportAgentIcon fontSize="small" /> },
        ].map(({ label, href, icon }) => (
          <li key={label}>
            <Entry label={label} icon={icon} collapsed={mini}>
              {(content) => (
                <ListItemButton
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={itemSx}
                >
                  {content}
                  {!mini && <OpenInNewIcon aria-hidden sx={{ fontSize: 14, color: 'text.secondary' }} />}
                </ListItemButton>
              )}
            </Entry>
          </li>
        ))}
      </List>
    </Box>
  );

  return wide ? (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
        },
      }}
    >
      <Toolbar />
      {nav}
    </Drawer>
  ) : (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onClose}
      keepMounted
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      {nav}
    </Drawer>
  );
}
