import type { ReactNode } from 'react';
import { Box, Chip, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A titled card of label/value rows on a view page. */
export function DetailCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(120px, max-content) 1fr',
          columnGap: 2,
          rowGap: 0.75,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

/** One row; `unverified` marks a field with changes waiting for an admin. */
export function Detail({
  label,
  unverified,
  children,
}: {
  label: string;
  unverified?: boolean;
  children: ReactNode;
}) {
  const empty =
    children === null ||
    children === undefined ||
    children === '' ||
    (Array.isArray(children) && !children.length);
  return (
    <>
      <dt>
        {label}
        {unverified && (
          <Tooltip title="Changed, not yet verified">
            <Box
              component="span"
              role="img"
              aria-label="unverified"
              sx={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: '50%',
                bgcolor: 'warning.main',
                ml: 0.75,
                verticalAlign: 'middle',
              }}
            />
          </Tooltip>
        )}
      </dt>
      <dd>
        {empty ? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        ) : (
          children
        )}
      </dd>
    </>
  );
}

/** Company or contact names as small chips, companies linking to their page. */
export function PartyChips({
  items,
  kind,
}: {
  items: { id: number; name: string }[] | null | undefined;
  kind: 'company' | 'user';
}) {
  if (!items?.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((i) => (
        <Chip
          key={i.id}
          size="small"
          label={i.name}
          component={RouterLink}
          to={kind === 'company' ? `/companies?id=${i.id}` : `/users?id=${i.id}`}
          clickable
        />
      ))}
    </Stack>
  );
}

export const EntityLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link component={RouterLink} to={to}>
    {children}
  </Link>
);

/** Chips for a party list, or null (shown as a dash) when the list is empty. */
export const partyChips = (
  kind: 'company' | 'user',
  items: { id: number; name: string }[] | null | undefined,
) => (items?.length ? <PartyChips kind={kind} items={items} /> : null);
