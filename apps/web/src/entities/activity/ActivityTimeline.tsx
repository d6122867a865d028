import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Chip, Link, List, ListItem, Typography } from '@mui/material';
import {
  ENQUIRY_STAGE_LABELS,
  formatDate,
  formatDateTime,
  type ActivityItem,
  type ActivityKind,
  type EnquiryStage,
} from '@frontage/shared';
import { flattenActivity, useActivity } from './api';
import { LoadingBlock } from '../../components/LoadingBlock';

export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  deal: 'Deal',
  store_opened: 'Store opened',
  store_closed: 'Store closed',
  enquiry: 'Enquiry',
  enquiry_stage: 'Stage moved',
  comment: 'Comment',
  mention: 'Mentioned',
  edit: 'Edited',
};

/** A deal or a store change happens on a day (sent as midnight UTC): its date is never shifted. */
const DAY_KINDS: ReadonlySet<ActivityKind> = new Set(['deal', 'store_opened', 'store_closed']);
const whenOf = (item: ActivityItem) =>
  DAY_KINDS.has(item.kind) ? formatDate(item.at.slice(0, 10)) : formatDateTime(item.at);

const stageLabel = (s: string) => ENQUIRY_STAGE_LABELS[s as EnquiryStage] ?? s;

/** The line under the summary: who did it and, for an edit or a stage move, what changed. */
const detailsOf = (item: ActivityItem): string => {
  const parts: string[] = [];
  if (item.actor) parts.push(`by ${item.actor.name}`);
  if (item.kind === 'edit' && item.details.length) parts.push(`changed ${item.details.join(', ')}`);
  if (item.kind === 'enquiry_stage' && item.details.length === 2)
    parts.push(`${stageLabel(item.details[0]!)} → ${stageLabel(item.details[1]!)}`);
  return parts.join(' · ');
};

/**
 * One timeline of what happened to and around a company or a contact (`owner` is '/companies/5'
 * or '/users/7'): deals, store openings and closures, enquiries and their stage moves, comments,
 * mentions and edits, newest first; "Load more" asks for the next page.
 */
export function ActivityTimeline({
  owner,
  label,
  kinds,
  emptyText = 'Nothing recorded yet.',
}: {
  owner: string;
  label: string;
  /** Only these kinds, filtered by the server (a contact's Comments and mentions, ADR 0093). */
  kinds?: readonly ActivityKind[];
  emptyText?: string;
}) {
  const q = useActivity(owner, kinds);
  const items = flattenActivity(q.data?.pages);
  if (q.isPending) return <LoadingBlock label="Loading activity" height={96} />;
  if (q.isError && !items.length) return <Alert severity="error">The activity could not be loaded.</Alert>;
  if (!items.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );
  return (
    <Box>
      <List dense disablePadding aria-label={label}>
        {items.map((item) => (
          <ListItem
            key={item.id}
            divider
            disableGutters
            sx={{
              display: 'grid',
              gridTemplateColumns: '120px 104px 1fr',
              columnGap: 1.5,
              alignItems: 'start',
            }}
          >
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: 'nowrap', lineHeight: '24px' }}
            >
              {whenOf(item)}
            </Typography>
            <Box>
              <Chip size="small" variant="outlined" label={ACTIVITY_KIND_LABELS[item.kind]} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere', lineHeight: '24px' }}>
                {item.url ? (
                  <Link component={RouterLink} to={item.url}>
                    {item.summary}
                  </Link>
                ) : (
                  item.summary
                )}
              </Typography>
              {detailsOf(item) && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {detailsOf(item)}
                </Typography>
              )}
            </Box>
          </ListItem>
        ))}
      </List>
      {q.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The next activity could not be loaded.
        </Alert>
      )}
      {q.hasNextPage && (
        <Button sx={{ mt: 1 }} onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Box>
  );
}
