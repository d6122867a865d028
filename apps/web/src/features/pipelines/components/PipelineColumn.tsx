import { useId, useMemo } from 'react';
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useDroppable } from '@dnd-kit/core';
import { ENQUIRY_STAGE_LABELS, type EnquiryStage } from '@frontage/shared';
import type { Enquiry, EnquiryListFilters } from '../../../entities/enquiries/api';
import { useBoardColumn } from '../api';
import { moveApplies, type PendingMove } from '../useBoardMoves';
import { EnquiryCard } from './EnquiryCard';

interface Props {
  stage: EnquiryStage;
  filters: EnquiryListFilters;
  moves: PendingMove[];
  onMove: (enquiry: Enquiry, to: EnquiryStage) => void;
  /** The card that takes the focus as it shows here (it has just been moved by its Move menu). */
  focusId: number | null;
  onFocused: () => void;
}

const count = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'enquiry' : 'enquiries'}`;

/**
 * One stage of the board: its own server pages (newest change first, "Load more" for the next),
 * its count from the server's total, and the moves still on their way drawn over them.
 */
export function PipelineColumn({ stage, filters, moves, onMove, focusId, onFocused }: Props) {
  const label = ENQUIRY_STAGE_LABELS[stage];
  const headingId = useId();
  const { setNodeRef, isOver, active } = useDroppable({ id: stage });
  const column = useBoardColumn(stage, filters);
  const { data, dataUpdatedAt } = column;

  const { cards, total } = useMemo(() => {
    const live = moves.filter((m) => m.from !== m.to && moveApplies(m, dataUpdatedAt));
    const away = new Set(live.filter((m) => m.from === stage).map((m) => m.enquiry.id));
    const incoming = live.filter((m) => m.to === stage).map((m) => m.enquiry);
    const seen = new Set<number>(incoming.map((e) => e.id));
    const served: Enquiry[] = [];
    for (const e of data?.pages.flatMap((p) => p.data) ?? [])
      if (!seen.has(e.id) && !away.has(e.id)) {
        seen.add(e.id);
        served.push(e);
      }
    const serverTotal = data?.pages[0]?.meta.pagination.total;
    return {
      cards: [...incoming, ...served],
      total: serverTotal === undefined ? undefined : Math.max(0, serverTotal - away.size + incoming.length),
    };
  }, [data, dataUpdatedAt, moves, stage]);

  const dropHere = isOver && active?.data.current?.enquiry?.stage !== stage;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      ref={setNodeRef}
      sx={{
        flex: '1 0 236px',
        maxWidth: 360,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        maxHeight: '100%',
        bgcolor: dropHere ? 'action.selected' : 'action.hover',
        borderColor: dropHere ? 'primary.main' : 'divider',
        outline: dropHere ? 1 : 0,
        outlineStyle: 'solid',
        outlineColor: 'primary.main',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 1.5, pt: 1, pb: 0.75 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle2"
          // The count beside it is drawn for the eye; the heading says it in words.
          aria-label={total === undefined ? label : `${label}, ${count(total)}`}
          sx={{ fontWeight: 700, flexGrow: 1 }}
        >
          {label}
        </Typography>
        {total !== undefined && (
          <Typography variant="caption" color="text.secondary" aria-hidden sx={{ fontWeight: 600 }}>
            {total.toLocaleString('en-GB')}
          </Typography>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{column.isFetching && <LinearProgress aria-label={`Loading ${label}`} />}</Box>
      <Box sx={{ overflowY: 'auto', minHeight: 0, flex: 1, px: 1, pb: 1 }}>
        {column.isError && !data ? (
          <Box sx={{ p: 1 }}>
            <Typography variant="body2" color="error" role="alert">
              The enquiries could not be loaded.
            </Typography>
            <Button size="small" onClick={() => void column.refetch()}>
              Try again
            </Button>
          </Box>
        ) : (
          <>
            <Box
              component="ul"
              aria-label={`${label} enquiries`}
              sx={{ m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}
            >
              {cards.map((e) => (
                <EnquiryCard
                  key={e.id}
                  enquiry={e}
                  onMove={onMove}
                  focusOnMount={focusId === e.id}
                  onFocused={onFocused}
                />
              ))}
            </Box>
            {data && cards.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
                No enquiries
              </Typography>
            )}
            {column.hasNextPage && (
              <Button
                size="small"
                fullWidth
                sx={{ mt: 0.75 }}
                disabled={column.isFetchingNextPage}
                onClick={() => void column.fetchNextPage()}
                aria-label={`Load more ${label} enquiries`}
              >
                Load more
              </Button>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
