import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  AppBar,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PersonIcon from '@mui/icons-material/Person';
import LogoutIcon from '@mui/icons-material/Logout';
import { DEAL_MENU, TRACKED_RETAILER_TOOLTIP, initialsOf, isAdmin } from '@frontage/shared';
import { http } from '../../lib/http';
import { clearSession, useCurrentUser } from '../../lib/session';
import { useThemeMode } from '../../lib/theme';
import { useUnreadCount } from '../../features/notifications/api';
import { useNotificationStream } from '../../features/notifications/live';
import { ShellDialogs, useShellActions } from '../shellActions';
import { useCanOpenDeal, useOpenDealWizard } from '../../features/deals/DealWizardHost';
import { visuallyHidden } from '../../components/visuallyHidden';
import { SearchPalette } from './SearchPalette';

interface Props {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

const barButtonSx = {
  color: 'inherit',
  whiteSpace: 'nowrap',
  minWidth: 0,
  '&.Mui-disabled': { color: 'inherit', opacity: 0.6 },
  // Narrow screens: icon only; the label stays as the accessible name.
  '@media (max-width: 899.95px)': {
    '& .MuiButton-startIcon': { m: 0 },
    '& .MuiButton-endIcon': { display: 'none' },
  },
} as const;

const narrowHidden = { '@media (max-width: 899.95px)': visuallyHidden } as const;

/** A top bar entry; disabled until its dialog exists (see shellActions.ts). */
function BarAction({ icon, label, onClick }: { icon: ReactNode; label: string; onClick?: () => void }) {
  return (
    <Button sx={barButtonSx} startIcon={icon} disabled={!onClick} onClick={onClick}>
      <Box component="span" sx={narrowHidden}>
        {label}
      </Box>
    </Button>
  );
}

export function TopBar({ drawerOpen, onToggleDrawer }: Props) {
  const actions = useShellActions();
  const { mode, toggle } = useThemeMode();

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 0.5, px: { xs: 1, sm: 1.5 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={drawerOpen ? 'Collapse navigation' : 'Expand navigation'}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          {drawerOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            fontSize: '1.05rem',
            mr: 2,
            letterSpacing: 0.2,
          }}
        >
          Frontage
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, md: 0.5 } }}>
          <BarAction icon={<AddBusinessIcon />} label="Create Company" onClick={actions.createCompany} />
          <BarAction icon={<PersonAddIcon />} label="Create Contact" onClick={actions.createContact} />
          <NewDealMenu />
          <BarAction icon={<QuestionAnswerIcon />} label="Enquiries" onClick={actions.enquiries} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <SearchPalette />
        <Tooltip title={mode === 'dark' ? 'Light theme' : 'Dark theme'}>
          <IconButton
            color="inherit"
            aria-label={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            onClick={toggle}
          >
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        <NotificationBell />
        <AccountMenu />
      </Toolbar>
      <ShellDialogs />
    </AppBar>
  );
}

function NewDealMenu() {
  const openDeal = useOpenDealWizard();
  const canOpen = useCanOpenDeal();
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  const items = DEAL_MENU.filter((d) => !d.adminOnly || isAdmin(user));

  return (
    <>
      <Button
        id={`${id}-button`}
        sx={barButtonSx}
        startIcon={<HandshakeIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <Box component="span" sx={narrowHidden}>
          New Deal
        </Box>
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': `${id}-button`, dense: true } }}
      >
        {items.map((d) => {
          const item = (
            <MenuItem
              key={d.type}
              disabled={!canOpen(d.type)}
              onClick={() => {
                close();
                openDeal(d.type);
              }}
            >
              {d.label}
            </MenuItem>
          );
          if (d.type !== 'tracked_retailer') return item;
          // A disabled item receives no pointer events, so the tooltip sits on a wrapper.
          return (
            <Tooltip key={d.type} title={TRACKED_RETAILER_TOOLTIP} placement="right">
              <span role="none" style={{ display: 'block' }} data-testid="tracked-retailer-deal">
                {item}
              </span>
            </Tooltip>
          );
        })}
      </Menu>
    </>
  );
}

function NotificationBell() {
  const { data: count = 0 } = useUnreadCount();
  useNotificationStream();
  return (
    <Tooltip title="Notifications">
      <IconButton
        color="inherit"
        component={RouterLink}
        to="/notifications"
        // The badge shows at most 99+: the name says what it shows, so speech and sight agree (axe
        // label-content-name-mismatch).
        aria-label={count ? `Notifications, ${count > 99 ? '99+' : count} unread` : 'Notifications'}
      >
        <Badge
          color="error"
          max={99}
          invisible={!count}
          badgeContent={<span data-testid="notifications-unread-count">{count > 99 ? '99+' : count}</span>}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

function AccountMenu() {
  const user = useCurrentUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);

  const logout = async () => {
    close();
    try {
      await http.post('/auth/logout', undefined, { quiet: true });
    } catch {
      /* the session is forgotten locally either way */
    } finally {
      clearSession(qc);
      void navigate('/login', { replace: true });
    }
  };

  return (
    <>
      <IconButton
        id={`${id}-button`}
        // The name starts with what the button shows (the initials), so speech input can say it
        // (WCAG 2.5.3, axe label-content-name-mismatch).
        aria-label={`${initialsOf(user.name)}, Account menu`}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ ml: 0.5 }}
      >
        <Avatar
          data-testid="user-avatar"
          sx={{
            width: 30,
            height: 30,
            fontSize: '0.8125rem',
            fontWeight: 600,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          {initialsOf(user.name)}
        </Avatar>
      </IconButton>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': `${id}-button`, dense: true } }}
      >
        <Box sx={{ px: 2, py: 0.75, maxWidth: 260 }} role="none">
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
