import { useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Box, Button, MenuItem, Pagination, Stack, TextField, Typography } from '@mui/material';
import {
  VERIFICATION_QUEUE_ENTITY_TYPES,
  VERIFICATION_QUEUE_MESSAGES,
  parseTypedDate,
} from '@frontage/shared';
import { DateField } from '../../../components/fields/DateField';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListLayout } from '../../../components/ListLayout';
import { ContactPicker } from '../../../entities/contacts/ContactPicker';
import type { ContactRef } from '../../../entities/contacts/api';
import { ApiError } from '../../../lib/http';
import { useDecideChanges, useVerificationQueue, type QueueQuery } from '../api';
import { QueueGroupCard } from './QueueGroupCard';

const PER_PAGE = 20;

const ENTITY_LABELS: Record<(typeof VERIFICATION_QUEUE_ENTITY_TYPES)[number], string> = {
  property: 'Properties',
  scheme: 'Schemes',
  address: 'Addresses',
};

interface Filters {
  user: ContactRef | null;
  from: string;
  to: string;
  entity_type: string;
}

const NO_FILTERS: Filters = { user: null, from: '', to: '', entity_type: '' };

/** The message of a refused decision (409 laterChange, 422 cannotReject, 404 notFound). */
const refusal = (err: unknown): string => {
  if (!(err instanceof ApiError)) return String(err);
  const msg = (err.body as { msg?: unknown } | null)?.msg;
  const fields = Object.values(err.fieldErrors);
  if (typeof msg === 'string' && msg && !(err.status === 422 && fields.length)) return msg;
  if (fields.length) return fields.join(' ');
  if (err.status === 409) return VERIFICATION_QUEUE_MESSAGES.laterChange;
  if (err.status === 422) return VERIFICATION_QUEUE_MESSAGES.cannotReject;
  if (err.status === 404) return VERIFICATION_QUEUE_MESSAGES.notFound;
  return err.message;
};

/**
 * The Verification queue tab of /core: every unverified change of properties, schemes and
 * addresses, grouped by record, oldest waiting first. Admins tick changes (or whole records) and
 * verify them, or reject them, which restores the previous values.
 */
export function VerificationQueueTab() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const query: QueueQuery = {
    page,
    per_page: PER_PAGE,
    user_id: filters.user?.id,
    // Typed dd/mm/yyyy; asked for only once it is a real date.
    from: parseTypedDate(filters.from) ?? undefined,
    to: parseTypedDate(filters.to) ?? undefined,
    entity_type: (filters.entity_type || undefined) as QueueQuery['entity_type'],
  };
  const queue = useVerificationQueue(query);
  const decide = useDecideChanges();

  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelected(new Set());
  };

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const run = async (decision: 'verify' | 'reject') => {
    setRejecting(false);
    setError(null);
    try {
      await decide.mutateAsync({ decision, ids: [...selected] });
      enqueueSnackbar(
        decision === 'verify' ? VERIFICATION_QUEUE_MESSAGES.verified : VERIFICATION_QUEUE_MESSAGES.rejected,
        { variant: 'success' },
      );
      setSelected(new Set());
    } catch (err) {
      setError(refusal(err));
    }
  };

  const groups = queue.data?.data ?? [];
  const pagination = queue.data?.meta.pagination;
  const total = pagination?.total ?? 0;

  return (
    <Box>
      <ListLayout
        filtersLabel="Filter the verification queue"
        columns={4}
        filters={
          <>
            <ContactPicker
              label="Changed by"
              allowCreate={false}
              value={filters.user}
              onChange={(user) => filter({ user })}
            />
            <DateField label="From" value={filters.from} onChange={(from) => filter({ from })} />
            <DateField label="To" value={filters.to} onChange={(to) => filter({ to })} />
            <TextField
              select
              label="Record type"
              value={filters.entity_type}
              onChange={(e) => filter({ entity_type: e.target.value })}
            >
              <MenuItem value="">All</MenuItem>
              {VERIFICATION_QUEUE_ENTITY_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {ENTITY_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
        summary={
          queue.data
            ? `${total.toLocaleString('en-GB')} record${total === 1 ? '' : 's'} waiting · ${selected.size} change${
                selected.size === 1 ? '' : 's'
              } selected`
            : ''
        }
        tools={
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={!selected.size || decide.isPending}
              onClick={() => void run('verify')}
            >
              Verify selected
            </Button>
            <Button
              variant="outlined"
              color="warning"
              disabled={!selected.size || decide.isPending}
              onClick={() => setRejecting(true)}
            >
              Reject selected
            </Button>
          </Stack>
        }
      >
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
            {error}
          </Typography>
        )}
        <Stack spacing={1.5} aria-busy={queue.isFetching}>
          {groups.map((g) => (
            <QueueGroupCard
              key={`${g.entity_type}-${g.entity_id}`}
              group={g}
              selected={selected}
              onToggle={toggle}
            />
          ))}
          {queue.data && !groups.length && (
            <Typography variant="body2" color="text.secondary">
              No changes are waiting for verification.
            </Typography>
          )}
        </Stack>
        {pagination && pagination.total_pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            page={page}
            count={pagination.total_pages}
            onChange={(_e, p) => {
              setPage(p);
              setSelected(new Set());
            }}
            getItemAriaLabel={(type, p) => (type === 'page' ? `Page ${p}` : `Go to ${type} page`)}
          />
        )}
      </ListLayout>
      <ConfirmDialog
        open={rejecting}
        title="Reject changes"
        message={`Reject ${selected.size} change${selected.size === 1 ? '' : 's'}? The previous values will be restored, and the rejection is recorded in the history.`}
        confirmLabel="Reject"
        cancelLabel="Cancel"
        onConfirm={() => void run('reject')}
        onCancel={() => setRejecting(false)}
      />
    </Box>
  );
}
