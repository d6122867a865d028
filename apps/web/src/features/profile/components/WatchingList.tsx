import { Box, Button, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate, WATCH_LABELS, type WatchType } from '@frontage/shared';
import { useMyWatches, useSetWatch } from '../../../entities/watch/api';

const KIND: Record<WatchType, string> = { property: 'Unit', scheme: 'Scheme', company: 'Company' };

/** What the user watches (the "watched" reminder scope's records), each with Stop watching. */
export function WatchingList() {
  const watches = useMyWatches();
  const set = useSetWatch();
  if (!watches.data) return null;
  return (
    <Box component="section" aria-labelledby="watching-heading">
      <Typography id="watching-heading" variant="subtitle2" component="h3">
        Watching ({watches.data.length})
      </Typography>
      {watches.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing yet. Use Watch on a unit, a scheme or a company to be reminded of its lease events.
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 240, overflowY: 'auto' }}>
          {watches.data.map((w) => (
            <ListItem
              key={`${w.entity_type}-${w.entity_id}`}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  disabled={set.isPending}
                  aria-label={`${WATCH_LABELS.stopHint}: ${w.label}`}
                  onClick={() => set.mutate({ type: w.entity_type, id: w.entity_id, watched: false })}
                >
                  {WATCH_LABELS.stopHint}
                </Button>
              }
            >
              <Typography variant="body2" sx={{ pr: 16 }}>
                <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                  {KIND[w.entity_type]}
                </Box>
                <Link component={RouterLink} to={w.url}>
                  {w.label}
                </Link>
                <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                  since {formatDate(w.since)}
                </Box>
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
