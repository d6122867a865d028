import { Link as RouterLink } from 'react-router';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Box, Button, Chip, Link, Skeleton, Typography } from '@mui/material';
import {
  ENQUIRY_STAGE_LABELS,
  formatDateTime,
  type ActivityItem,
  type ActivityKind,
  type ActivityPage,
  type EnquiryStage,
} from '@frontage/shared';

export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  deal: 'Deal',
  store_opened: 'Store opened',
  store_closed: 'Store closed',
  enquiry: 'Enquiry',
  enquiry_stage: 'Stage moved',
  comment: 'Comment',
  mention: 'Mention',
  edit: 'Edit',
};

const stageLabel = (s: string | undefined) => ENQUIRY_STAGE_LABELS[s as EnquiryStage] ?? s ?? '';

/** An item's details in words: a stage move's from → to, an edit's changed fields. */
const detailsOf = (a: ActivityItem): string => {
  if (!a.details.length) return '';
  if (a.kind === 'enquiry_stage') return `${stageLabel(a.details[0])} → ${stageLabel(a.details[1])}`;
  if (a.kind === 'edit') return `Changed: ${a.details.map((f) => f.replace(/_/g, ' ')).join(', ')}`;
  return a.details.join(', ');
};

/** The loaded pages as one list; an item added meanwhile may shift the pages, so ids are deduplicated. */
const itemsOf = (pages: readonly ActivityPage[] | undefined): ActivityItem[] => {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((p) => p.data).filter((a) => !seen.has(a.id) && !!seen.add(a.id));
};

interface Props {
  /** The timeline's pages as useInfiniteQuery holds them (GET …/activity, "more" paging). */
  query: UseInfiniteQueryResult<InfiniteData<ActivityPage>>;
  /** The list's accessible name. */
  label: string;
  /** Only these kinds (filtered here: the API has no kind filter, ADR 0093). */
  only?: readonly ActivityKind[];
  emptyText: string;
}

/**
 * A record's activity (a contact's, a company's), newest first: when, what (opening the record it
 * is about), who; "Load more" fetches the page before the last one while `meta.next` names one.
 */
export function ActivityTimeline({ query, label, only, emptyText }: Props) {
  const all = itemsOf(query.data?.pages);
  const items = only ? all.filter((a) => only.includes(a.kind)) : all;
  if (query.isPending) return <Skeleton variant="rounded" height={64} aria-label={`Loading ${label}`} />;
  if (query.isError && !query.data)
    return (
      <Typography variant="body2" color="error">
        The activity could not be loaded.
      </Typography>
    );
  return (
    <Box>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((a) => (
            <Box
              component="li"
              key={a.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '132px 112px 1fr' },
                columnGap: 1.5,
                rowGap: 0.25,
                alignItems: 'baseline',
                py: 0.75,
                borderBottom: 1,
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Typography variant="body2" color="text.secondary" component="span">
                {formatDateTime(a.at)}
              </Typography>
              <Box>
                <Chip size="small" variant="outlined" label={ACTIVITY_KIND_LABELS[a.kind]} />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {a.url ? (
                    <Link component={RouterLink} to={a.url}>
                      {a.summary}
                    </Link>
                  ) : (
                    a.summary
                  )}
                </Typography>
                {(a.actor || a.details.length > 0) && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[a.actor && `by ${a.actor.name}`, detailsOf(a)].filter(Boolean).join(' · ')}
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {query.isFetchNextPageError && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          The next activity could not be loaded.
        </Typography>
      )}
      {query.hasNextPage && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </Box>
  );
}
