import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Pagination,
  Paper,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LEASE_REMINDER_NOTIFICATION_TYPE, type Notification, formatDateTime } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useMarkAllRead, useMarkRead, useNotificationsPage, useUnreadCount } from '../api';

export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, isFetching, refetch } = useNotificationsPage(page);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const items = data?.data ?? [];
  const pagination = data?.meta.pagination;
  const pageCount = pagination
    ? Math.max(1, Math.ceil(pagination.total / Math.max(1, pagination.per_page)))
    : 1;
  const hasUnread = (unread.data ?? 0) > 0 || items.some((n) => !n.read_at);

  const open = (n: Notification) => {
    if (!n.read_at) markRead.mutate(n.id);
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeading
        title="Notifications"
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={!hasUnread || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {isFetching && (
          <LinearProgress
            aria-label="Loading notifications"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
          />
        )}
        {isPending ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Loading notifications…
          </Typography>
        ) : isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            The notifications could not be loaded.
          </Alert>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            You have no notifications
          </Typography>
        ) : (
          <List disablePadding aria-label="Notifications list">
            {items.map((n, i) => (
              <NotificationRow key={n.id} notification={n} divider={i < items.length - 1} onOpen={open} />
            ))}
          </List>
        )}
      </Paper>
      {pagination && pageCount > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {pagination.total} notification{pagination.total === 1 ? '' : 's'}
          </Typography>
          <Pagination
            size="small"
            count={pageCount}
            page={page}
            onChange={(_, p) => setParams(p === 1 ? {} : { page: String(p) })}
            getItemAriaLabel={(type, p, selected) =>
              type === 'page' ? `${selected ? '' : 'Go to '}page ${p}` : `Go to ${type} page`
            }
          />
        </Box>
      )}
    </Box>
  );
}

function NotificationRow({
  notification: n,
  divider,
  onOpen,
}: {
  notification: Notification;
  divider: boolean;
  onOpen: (n: Notification) => void;
}) {
  const unread = !n.read_at;
  const linkProps = n.url ? { component: RouterLink, to: n.url } : {};
  return (
    <li>
      <ListItemButton
        {...linkProps}
        divider={divider}
        onClick={() => onOpen(n)}
        data-testid="notification-item"
        data-unread={unread ? 'true' : 'false'}
        sx={(theme) => ({
          alignItems: 'flex-start',
          gap: 1.25,
          py: 1,
          bgcolor: unread
            ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08)
            : 'transparent',
        })}
      >
        <Box
          aria-hidden
          sx={{
            mt: '6px',
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: unread ? 'primary.main' : 'transparent',
          }}
        />
        <ListItemText
          primary={
            <>
              {unread && (
                <Box component="span" sx={visuallyHidden}>
                  Unread:{' '}
                </Box>
              )}
              {n.message}
            </>
          }
          secondary={
            <>
              {/* A lease reminder's message names the event, the unit and its date; its link opens the unit. */}
              {n.type === LEASE_REMINDER_NOTIFICATION_TYPE && 'Lease event reminder · '}
              <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
            </>
          }
          slotProps={{
            primary: { sx: { fontWeight: unread ? 700 : 400 } },
            secondary: { sx: { fontVariantNumeric: 'tabular-nums' } },
          }}
          sx={{ my: 0 }}
        />
      </ListItemButton>
    </li>
  );
}
