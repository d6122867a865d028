import type { ReactNode } from 'react';
import { Box, Checkbox, FormControlLabel, useTheme } from '@mui/material';
import { MAP_GROUP_LABELS, MAP_GROUPS, type MapGroup, type MapOverlay } from '@frontage/shared';
import { fullCount, HEAT_GRADIENT, MAP_PALETTES } from './clusterLayers';

export interface MapLegendProps {
  groups: readonly MapGroup[];
  /** Points in view per group (MAP_GROUPS order), or null before the first answer. */
  totals: readonly number[] | null;
  onChange: (groups: MapGroup[]) => void;
}

/** The marker groups (spec A §9): each a toggle with its colour and its count in view. */
export function MapLegend({ groups, totals, onChange }: MapLegendProps) {
  const palette = MAP_PALETTES[useTheme().palette.mode];
  const toggle = (g: MapGroup, on: boolean) =>
    onChange(MAP_GROUPS.filter((x) => (x === g ? on : groups.includes(x))));
  return (
    <Box
      role="group"
      aria-label="Marker groups"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}
    >
      {MAP_GROUPS.map((g, i) => {
        const on = groups.includes(g);
        const count = totals ? fullCount(on ? (totals[i] ?? 0) : 0) : '…';
        return (
          <FormControlLabel
            key={g}
            sx={{ mr: 0, ml: -0.5 }}
            control={
              <Checkbox
                size="small"
                checked={on}
                onChange={(e) => toggle(g, e.target.checked)}
                sx={{ p: 0.5 }}
              />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: palette.groups[i],
                    opacity: on ? 1 : 0.35,
                    flexShrink: 0,
                  }}
                />
                <span>{MAP_GROUP_LABELS[g]}</span>{' '}
                <Box
                  component="span"
                  data-testid={`legend-count-${g}`}
                  sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {count}
                </Box>
              </Box>
            }
            slotProps={{ typography: { variant: 'body2', component: 'span' } }}
          />
        );
      })}
    </Box>
  );
}

const symbol = { width: 10, height: 10, border: 2, flexShrink: 0 } as const;

/**
 * The key over the map's corner: a dot is a property, a diamond a scheme, and the rings of the
 * overlays that are on.
 */
export function MapKey({ overlays }: { overlays: readonly MapOverlay[] }) {
  const palette = MAP_PALETTES[useTheme().palette.mode];
  const item = (mark: ReactNode, text: string) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {mark}
      {text}
    </Box>
  );
  const ring = (colour: string) => (
    <Box
      component="span"
      aria-hidden
      sx={{ ...symbol, width: 12, height: 12, borderRadius: '50%', borderColor: colour, borderWidth: 3 }}
    />
  );
  return (
    <Box
      role="note"
      aria-label="Map key"
      sx={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        zIndex: 3,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.25,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 1,
        color: 'text.secondary',
        typography: 'caption',
        maxWidth: 'calc(100% - 16px)',
      }}
    >
      {item(
        <Box
          component="span"
          aria-hidden
          sx={{ ...symbol, borderColor: 'text.secondary', borderRadius: '50%' }}
        />,
        'Property',
      )}
      {item(
        <Box
          component="span"
          aria-hidden
          sx={{ ...symbol, borderColor: 'text.secondary', transform: 'rotate(45deg) scale(0.85)' }}
        />,
        'Scheme',
      )}
      {overlays.includes('vacancy') && item(ring(palette.vacancy), 'Vacant')}
      {overlays.includes('lease_events') && item(ring(palette.leaseEvents), 'Lease event')}
      {overlays.includes('rent_heat') &&
        item(
          <Box
            component="span"
            aria-hidden
            sx={{ width: 22, height: 10, borderRadius: 0.5, backgroundImage: HEAT_GRADIENT }}
          />,
          'Rent per sq ft',
        )}
    </Box>
  );
}
