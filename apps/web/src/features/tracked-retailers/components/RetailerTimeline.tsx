import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Chip, Link, List, ListItem, Pagination, Paper, Stack, Typography } from '@mui/material';
import {
  DEAL_TYPE_LABELS,
  STORE_EVENT_LABELS,
  formatDate,
  type RetailerTimelineEvent,
} from '@frontage/shared';
import { useRetailerTimeline } from '../../../entities/tracked-retailers/api';
import { propertyHref } from '../../../entities/tracked-retailers/links';

const CHIP_COLOUR = { opening: 'success', closure: 'warning', move: 'info' } as const;

type PlaceRef = RetailerTimelineEvent['property'];

function UnitLink({ unit }: { unit: PlaceRef }) {
  const text = [unit.full_address ?? `Unit ${unit.id}`, unit.town].filter(Boolean).join(', ');
  return (
    <Link component={RouterLink} to={propertyHref(unit.id)}>
      {text}
    </Link>
  );
}

/** Openings, closures and moves of a retailer's stores, newest first, each with its unit and deal. */
export function RetailerTimeline({ retailerId }: { retailerId: number }) {
  const [page, setPage] = useState(1);
  const timeline = useRetailerTimeline(retailerId, page);
  const events = timeline.data?.data ?? [];
  const pages = timeline.data?.meta.pagination.total_pages ?? 1;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="retailer-timeline" sx={{ p: 2 }}>
      <Typography id="retailer-timeline" variant="h2" sx={{ mb: 1 }}>
        Timeline
      </Typography>
      {timeline.isError && <Alert severity="error">The timeline could not be loaded.</Alert>}
      {timeline.data && events.length === 0 && (
        <Typography color="text.secondary">No openings, closures or moves recorded.</Typography>
      )}
      <List aria-label="Store openings, closures and moves" dense>
        {events.map((e, i) => (
          <ListItem
            key={`${e.kind}-${e.property.id}-${e.date}-${i}`}
            divider
            sx={{ alignItems: 'flex-start' }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ width: '100%' }}>
              <Box sx={{ minWidth: 96 }}>
                <Typography variant="body2" component="span">
                  {formatDate(e.date)}
                </Typography>
              </Box>
              <Box sx={{ minWidth: 84 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={CHIP_COLOUR[e.kind]}
                  label={STORE_EVENT_LABELS[e.kind]}
                />
              </Box>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2" component="div">
                  {e.kind === 'move' && e.from_property ? (
                    <>
                      From <UnitLink unit={e.from_property} /> to <UnitLink unit={e.property} />
                    </>
                  ) : (
                    <UnitLink unit={e.property} />
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {[
                    e.deal ? `${DEAL_TYPE_LABELS[e.deal.deal_type]} deal` : 'Tracked-retailer change',
                    e.other_company &&
                      `${e.kind === 'closure' ? 'followed by' : 'after'} ${e.other_company.name}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
            </Stack>
          </ListItem>
        ))}
      </List>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          aria-label="Timeline pages"
          sx={{ mt: 1 }}
        />
      )}
    </Paper>
  );
}
