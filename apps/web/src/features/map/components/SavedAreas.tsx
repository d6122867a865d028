import { useState } from 'react';
import {
  Alert,
  Box,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { formatDate, type MapSearch } from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteMapSearch, useMapSearches } from '../areaApi';
import { describeArea } from './AreaSearch';

export interface SavedAreasProps {
  /** The saved area whose area is applied now, if any (marked as current). */
  currentId: number | null;
  onApply: (search: MapSearch) => void;
}

/** The user's saved areas (GET /api/map/searches): pick one to apply it, delete one with a confirm. */
export function SavedAreas({ currentId, onApply }: SavedAreasProps) {
  const searches = useMapSearches();
  const remove = useDeleteMapSearch();
  const [deleting, setDeleting] = useState<MapSearch | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (searches.isError)
    return (
      <Alert severity="error" sx={{ m: 1.5 }}>
        The saved areas could not be loaded.
      </Alert>
    );
  const list = searches.data ?? [];
  return (
    <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
      <Box sx={{ height: 2 }}>
        {searches.isFetching && <LinearProgress aria-label="Loading saved areas" sx={{ height: 2 }} />}
      </Box>
      {searches.data && list.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 2 }}>
          No saved areas yet. Draw an area, then Save area.
        </Typography>
      )}
      <List dense disablePadding aria-label="Saved areas">
        {list.map((s) => (
          <ListItem
            key={s.id}
            disablePadding
            divider
            secondaryAction={
              <Tooltip title="Delete">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Delete ${s.name}`}
                  onClick={() => {
                    setDeleting(s);
                    setConfirming(true);
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemButton selected={s.id === currentId} onClick={() => onApply(s)} sx={{ py: 0.5 }}>
              <ListItemText
                primary={s.name}
                secondary={`${describeArea(s.area)} · saved ${formatDate(s.created_at)}`}
                slotProps={{
                  primary: { noWrap: true, variant: 'body2' },
                  secondary: { noWrap: true, variant: 'caption' },
                }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirming}
        title="Delete saved area"
        message={`Delete the saved area "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setConfirming(false);
        }}
      />
    </Box>
  );
}
