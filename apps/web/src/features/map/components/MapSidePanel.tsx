import { useCallback, useId, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  GlobalStyles,
  IconButton,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterListIcon from '@mui/icons-material/FilterList';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebarOutlined';
import type { MapPointSort, MapSearch } from '@frontage/shared';
import { areaQuery, filtersFromSaved, pointsQuery } from '../areaApi';
import { filterQuery, type MapSidePanelProps } from '../state';
import { AreaSearch } from './AreaSearch';
import { areaBounds, drawingStyles, useAreaOutline } from './areaDraw';
import { InViewList } from './InViewList';
import { MapFilters, countMapFilters } from './MapFilters';
import { SavedAreas } from './SavedAreas';

/** The panel's width when shown (px). */
export const MAP_PANEL_WIDTH = 360;

type PanelTab = 'view' | 'area' | 'saved';

const SORTS: { value: MapPointSort; label: string }[] = [
  { value: 'address', label: 'Address' },
  { value: '-rent_sqft', label: 'Rent per sq ft, highest' },
  { value: 'rent_sqft', label: 'Rent per sq ft, lowest' },
  { value: 'lease_end_date', label: 'Lease end, soonest' },
  { value: '-area', label: 'Area, largest' },
  { value: 'area', label: 'Area, smallest' },
];

/**
 * The map's side panel, on the right of the map and hidden at a click to give the map
 * the room: the filters (which drive the clusters too), the list of what is in view, area search
 * (draw, list, export, save) and the saved areas.
 */
export function MapSidePanel({
  map,
  bbox,
  groups,
  filters,
  onFiltersChange,
  area,
  onAreaChange,
}: MapSidePanelProps) {
  const theme = useTheme();
  // Shown from the first visit on a wide screen; on a narrow one the map keeps the room.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(wide);
  const [tab, setTab] = useState<PanelTab>('view');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filterErrors, setFilterErrors] = useState<Record<string, string>>({});
  const [sort, setSort] = useState<MapPointSort>('address');
  const [savedId, setSavedId] = useState<number | null>(null);
  const id = useId();
  useAreaOutline(map, area, theme.palette.primary.main);
  const onFilterErrors = useCallback((e: Record<string, string>) => setFilterErrors(e), []);

  const changeArea = (next: typeof area) => {
    setSavedId(null);
    onAreaChange(next);
    if (next) setTab('area');
  };
  const applySaved = (s: MapSearch) => {
    setSavedId(s.id);
    onAreaChange(s.area);
    onFiltersChange(filtersFromSaved(s.filters));
    setTab('area');
    map?.fitBounds(areaBounds(s.area), { padding: 48, maxZoom: 16, duration: 600 });
  };

  const global = <GlobalStyles styles={drawingStyles} />;
  if (!open)
    return (
      <Box
        component="aside"
        aria-label="Map panel"
        sx={{
          width: 44,
          flexShrink: 0,
          borderLeft: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          pt: 0.5,
        }}
      >
        <Tooltip title="Show the panel" placement="left">
          <IconButton
            aria-label="Show the panel"
            aria-expanded={false}
            onClick={() => setOpen(true)}
            sx={{ ml: 0.25 }}
          >
            <ViewSidebarIcon />
          </IconButton>
        </Tooltip>
      </Box>
    );

  const filterCount = countMapFilters(filters);
  const showFilters = filtersOpen || Object.keys(filterErrors).length > 0;
  const areaWhere = areaQuery(area, null);
  const exportQuery =
    areaWhere && groups.length ? pointsQuery(areaWhere, filterQuery(filters, groups), sort) : null;
  const sortSelect = (
    <Box sx={{ px: 1.5, pt: 1, pb: 0.5, flexShrink: 0 }}>
      <TextField
        select
        size="small"
        fullWidth
        label="Sort by"
        value={sort}
        onChange={(e) => setSort(e.target.value as MapPointSort)}
      >
        {SORTS.map((s) => (
          <MenuItem key={s.value} value={s.value} dense>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
  const list = (forArea: boolean) => (
    <InViewList
      bbox={bbox}
      area={forArea ? area : null}
      groups={groups}
      filters={filters}
      sort={sort}
      onFilterErrors={onFilterErrors}
      label={forArea ? 'Properties in the area' : 'Properties in view'}
    />
  );

  return (
    <Box
      component="aside"
      aria-label="Map panel"
      sx={{
        width: MAP_PANEL_WIDTH,
        flexShrink: 0,
        height: '100%',
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {global}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1,
          minHeight: 44,
          borderBottom: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      >
        <Button
          size="small"
          color="inherit"
          startIcon={
            <Badge badgeContent={filterCount} color="primary" variant="standard">
              <FilterListIcon fontSize="small" />
            </Badge>
          }
          endIcon={showFilters ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={showFilters}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersOpen(!showFilters)}
          sx={{
            textTransform: 'none',
            fontWeight: 500,
            '& .MuiBadge-badge': { fontSize: 10, height: 16, minWidth: 16 },
          }}
        >
          Filters
        </Button>
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Hide the panel" placement="left">
          <IconButton aria-label="Hide the panel" aria-expanded onClick={() => setOpen(false)} size="small">
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Collapse in={showFilters} id={`${id}-filters`} sx={{ flexShrink: 0 }}>
        <Box
          sx={{
            p: 1.5,
            pt: 2,
            maxHeight: '55vh',
            overflowY: 'auto',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <MapFilters filters={filters} onFiltersChange={onFiltersChange} errors={filterErrors} />
        </Box>
      </Collapse>
      <Tabs
        value={tab}
        onChange={(_, v: PanelTab) => setTab(v)}
        aria-label="Lists"
        variant="fullWidth"
        sx={{
          minHeight: 40,
          flexShrink: 0,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minHeight: 40, py: 0 },
        }}
      >
        <Tab value="view" label="In view" id={`${id}-tab-view`} aria-controls={`${id}-panel`} />
        <Tab value="area" label="Area" id={`${id}-tab-area`} aria-controls={`${id}-panel`} />
        <Tab value="saved" label="Saved" id={`${id}-tab-saved`} aria-controls={`${id}-panel`} />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {tab === 'view' && (
          <>
            {sortSelect}
            {list(false)}
          </>
        )}
        {tab === 'area' && (
          <>
            <AreaSearch
              map={map}
              area={area}
              onAreaChange={changeArea}
              filters={filters}
              exportQuery={exportQuery}
            />
            {area && sortSelect}
            {area && list(true)}
          </>
        )}
        {tab === 'saved' && <SavedAreas currentId={area ? savedId : null} onApply={applySaved} />}
      </Box>
    </Box>
  );
}
