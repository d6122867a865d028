import { useEffect, useId, useState, type ReactNode } from 'react';
import { enqueueSnackbar } from 'notistack';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  ToggleButton,
  Typography,
  useTheme,
} from '@mui/material';
import PolylineIcon from '@mui/icons-material/Polyline';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ClearIcon from '@mui/icons-material/Clear';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import { MAP_MESSAGES, MAP_SEARCH_NAME_MAX, type MapSearchArea } from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { ApiError, type QueryValue } from '../../../lib/http';
import { MAP_EXPORT_PATH, savedFiltersOf, useSaveMapSearch } from '../areaApi';
import type { MapFilterState } from '../state';
import { loadDrawLib, useAreaDraw, type DrawMode } from './areaDraw';

const HINTS: Record<DrawMode, string> = {
  polygon: 'Click the map to add corners; click the first corner or press Enter to finish. Esc cancels.',
  circle: 'Click the centre, move out and click again to set the radius. Esc cancels.',
};

/** "Polygon, 5 corners" / "Circle, radius 1.2 km". */
export const describeArea = (area: MapSearchArea): string => {
  if (area.type === 'circle') {
    const r = area.radius_m;
    const text =
      r >= 1000 ? `${(r / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} km` : `${r} m`;
    return `Circle, radius ${text}`;
  }
  const first = area.coordinates[0];
  const last = area.coordinates[area.coordinates.length - 1];
  const closed = first && last && first[0] === last[0] && first[1] === last[1];
  return `Polygon, ${area.coordinates.length - (closed ? 1 : 0)} corners`;
};

const drawFailed = () =>
  enqueueSnackbar('The drawing tools could not be loaded: check the connection and try again.', {
    variant: 'error',
  });

export interface AreaSearchProps {
  map: MapLibreMap | null;
  area: MapSearchArea | null;
  onAreaChange: (area: MapSearchArea | null) => void;
  filters: MapFilterState;
  /** The export's query: the area, the filters and the sort, as the list sends them. */
  exportQuery: Record<string, QueryValue> | null;
}

/**
 * Area search: draw a polygon or a circle on the map with terra-draw, clear it, export
 * what is inside as CSV, or save it (with the filters in force) as a named area.
 */
export function AreaSearch({ map, area, onAreaChange, filters, exportQuery }: AreaSearchProps) {
  const colour = useTheme().palette.primary.main;
  const draw = useAreaDraw(map, colour, onAreaChange, drawFailed);
  const [saving, setSaving] = useState(false);
  const hintId = useId();
  // The drawing tools load as the tab opens, so a first click on Draw is ready at once.
  useEffect(() => {
    // A failed load is tried again by Draw, which then says so.
    loadDrawLib().catch(() => undefined);
  }, []);

  const toggle = (mode: DrawMode, label: string, icon: ReactNode) => (
    <ToggleButton
      value={mode}
      size="small"
      selected={draw.mode === mode}
      disabled={!map}
      onChange={() => draw.start(mode)}
      aria-describedby={draw.mode === mode ? hintId : undefined}
      sx={{
        textTransform: 'none',
        gap: 0.5,
        py: 0.5,
        px: 1,
        flex: 1,
        whiteSpace: 'nowrap',
        color: 'text.primary',
        '&.Mui-selected': { color: 'primary.main' },
      }}
    >
      {icon}
      {label}
    </ToggleButton>
  );

  return (
    <Box sx={{ px: 1.5, pt: 1.5, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box role="group" aria-label="Draw an area" sx={{ display: 'flex', gap: 1 }}>
        {toggle('polygon', 'Draw polygon', <PolylineIcon fontSize="small" />)}
        {toggle('circle', 'Draw circle', <RadioButtonUncheckedIcon fontSize="small" />)}
        <Button
          size="small"
          variant="text"
          startIcon={<ClearIcon />}
          disabled={!area && !draw.mode}
          onClick={() => {
            draw.stop();
            onAreaChange(null);
          }}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Clear area
        </Button>
      </Box>
      {draw.mode ? (
        <Typography id={hintId} variant="caption" color="text.secondary" role="status">
          {draw.ready ? HINTS[draw.mode] : 'Getting the drawing tools ready…'}
        </Typography>
      ) : !map ? (
        <Typography variant="caption" color="text.secondary">
          The map is loading.
        </Typography>
      ) : !area ? (
        <Typography variant="caption" color="text.secondary">
          Draw a polygon or a circle on the map to list the properties inside it, or pick a saved area.
        </Typography>
      ) : null}
      {area && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {describeArea(area)}
          </Typography>
          {exportQuery && (
            <CsvExportButton path={MAP_EXPORT_PATH} query={exportQuery} fileName="map-area.csv" />
          )}
          <Button variant="outlined" startIcon={<BookmarkAddIcon />} onClick={() => setSaving(true)}>
            Save area
          </Button>
        </Box>
      )}
      {area && (
        <SaveAreaDialog open={saving} area={area} filters={filters} onClose={() => setSaving(false)} />
      )}
    </Box>
  );
}

/** Asks a name and saves the area with the filters in force (POST /api/map/searches). */
function SaveAreaDialog({
  open,
  area,
  filters,
  onClose,
}: {
  open: boolean;
  area: MapSearchArea;
  filters: MapFilterState;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMapSearch();
  const id = useId();

  const close = () => {
    setName('');
    setError(null);
    save.reset();
    onClose();
  };
  const submit = () => {
    if (!name.trim()) {
      setError(MAP_MESSAGES.searchName);
      return;
    }
    save.mutate(
      { name: name.trim(), area, filters: savedFiltersOf(filters) },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(`Area "${saved.name}" saved.`, { variant: 'success' });
          close();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 422) {
            const messages = Object.values(err.fieldErrors);
            setError(err.fieldErrors.name ?? (messages.length ? messages.join(' ') : err.message));
          }
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      slotProps={{ paper: { sx: { width: 360 } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>Save area</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            size="small"
            label="Name"
            required
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? describeArea(area)}
            slotProps={{ htmlInput: { maxLength: MAP_SEARCH_NAME_MAX } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
