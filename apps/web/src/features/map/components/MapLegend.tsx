import { Box, Checkbox, FormControlLabel, useTheme } from '@mui/material';
import { MAP_GROUP_LABELS, MAP_GROUPS, type MapGroup } from '@frontage/shared';
import { fullCount, MAP_PALETTES } from './clusterLayers';

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
      <Box
        component="span"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.75,
          color: 'text.secondary',
          typography: 'caption',
        }}
      >
        <Box component="span" aria-hidden sx={{ ...symbol, borderRadius: '50%' }} />
        Property
        <Box
          component="span"
          aria-hidden
          sx={{ ...symbol, transform: 'rotate(45deg) scale(0.85)', ml: 0.5 }}
        />
        Scheme
      </Box>
    </Box>
  );
}

const symbol = { width: 10, height: 10, border: 2, borderColor: 'text.secondary', flexShrink: 0 } as const;
