import { useId, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Popover,
  Radio,
  RadioGroup,
  useTheme,
} from '@mui/material';
import LayersIcon from '@mui/icons-material/LayersOutlined';
import {
  MAP_LAYER_LABELS,
  MAP_OVERLAY_LABELS,
  MAP_OVERLAYS,
  type MapLayer,
  type MapOverlay,
} from '@frontage/shared';
import { HEAT_GRADIENT, MAP_PALETTES } from './clusterLayers';

export interface LayerSwitchProps {
  /** The basemaps the installation has: the offline one always, the hosted ones when configured. */
  layers: readonly MapLayer[];
  layer: MapLayer;
  onLayerChange: (layer: MapLayer) => void;
  overlays: readonly MapOverlay[];
  onOverlaysChange: (overlays: MapOverlay[]) => void;
}

/** "Layers": the basemap (radio) and the data overlays (checkboxes), each overlay with its key. */
export function LayerSwitch({ layers, layer, onLayerChange, overlays, onOverlaysChange }: LayerSwitchProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const palette = MAP_PALETTES[useTheme().palette.mode];
  const id = useId();
  const swatch = (o: MapOverlay) =>
    o === 'rent_heat'
      ? { width: 22, height: 10, borderRadius: 0.5, backgroundImage: HEAT_GRADIENT }
      : {
          width: 12,
          height: 12,
          borderRadius: '50%',
          border: 3,
          borderColor: o === 'vacancy' ? palette.vacancy : palette.leaseEvents,
        };
  const on = overlays.length;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LayersIcon />}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {on ? `Layers (${on})` : 'Layers'}
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          paper: { id, role: 'dialog', 'aria-label': 'Map layers', sx: { p: 1.5, minWidth: 240 } },
        }}
      >
        <FormControl component="fieldset" sx={{ display: 'block', mb: 1 }}>
          <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.25 }}>
            Basemap
          </FormLabel>
          <RadioGroup value={layer} onChange={(e) => onLayerChange(e.target.value as MapLayer)}>
            {layers.map((l) => (
              <FormControlLabel
                key={l}
                value={l}
                control={<Radio size="small" sx={{ p: 0.5 }} />}
                label={MAP_LAYER_LABELS[l]}
                slotProps={{ typography: { variant: 'body2' } }}
                sx={{ ml: -0.5 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset" sx={{ display: 'block' }}>
          <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.25 }}>
            Overlays
          </FormLabel>
          <FormGroup>
            {MAP_OVERLAYS.map((o) => (
              <FormControlLabel
                key={o}
                sx={{ ml: -0.5 }}
                control={
                  <Checkbox
                    size="small"
                    sx={{ p: 0.5 }}
                    checked={overlays.includes(o)}
                    onChange={(e) =>
                      onOverlaysChange(
                        MAP_OVERLAYS.filter((x) => (x === o ? e.target.checked : overlays.includes(x))),
                      )
                    }
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {MAP_OVERLAY_LABELS[o]}
                    <Box component="span" aria-hidden sx={{ flexShrink: 0, ...swatch(o) }} />
                  </Box>
                }
                slotProps={{ typography: { variant: 'body2', component: 'span' } }}
              />
            ))}
          </FormGroup>
        </FormControl>
      </Popover>
    </>
  );
}
