import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { PropertyPicker, type PropertyRef } from '../../../entities/properties/PropertyPicker';
import { READ_ONLY_SX } from '../../../entities/properties/sections';
import { SchemeCombobox, type SchemeOption } from '../../../entities/schemes/SchemeCombobox';
import type { PlaceKind } from '../form/dealForm';
import { useWizard } from '../wizard/WizardContext';

const MODE_LABELS: Record<PlaceKind, string> = { scheme: 'Scheme', property: 'Property' };
/** The choose buttons, as spec B §2 names them. */
const SELECT_LABELS: Record<PlaceKind, string> = { scheme: 'Select Scheme', property: 'Select Property' };

/**
 * Step 1 (spec B §2): search a property (500 ms debounce, 50 per page) and choose it with
 * "Select Property", which loads it, clears and fills the form and opens step 2. A place passed
 * in or named by the route is shown locked. A sale first toggles Scheme / Property and then
 * searches every property — units of a scheme too, each sold on its own — with a "Standalone
 * only" filter (spec B §7's `type=standalone` as an option, ADR 0080), or schemes ("Select
 * Scheme"); a wizard opened on a scheme searches that scheme's units.
 */
export function SelectPropertyStep() {
  const w = useWizard();
  const [property, setProperty] = useState<PropertyRef | null>(null);
  const [scheme, setScheme] = useState<SchemeOption | null>(null);
  const [standaloneOnly, setStandaloneOnly] = useState(false);
  const kind = MODE_LABELS[w.mode];
  const loadingBar = w.loading && (
    <LinearProgress sx={{ mt: 1 }} aria-label={`Loading ${kind.toLowerCase()}`} />
  );
  const loaded = w.property ?? w.scheme;

  const toggle = w.modes.length > 1 && (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={w.mode}
      onChange={(_, m: PlaceKind | null) => {
        if (!m) return;
        setProperty(null);
        setScheme(null);
        w.setMode(m);
      }}
      disabled={w.locked}
      aria-label="What was sold"
      sx={{ mb: 2 }}
    >
      {w.modes.map((m) => (
        <ToggleButton key={m} value={m}>
          {MODE_LABELS[m]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );

  if (w.locked)
    return (
      <>
        {toggle}
        <TextField
          size="small"
          label={kind}
          value={loaded ? w.selected?.name || `${kind} ${loaded.id}` : (w.selected?.name ?? '')}
          disabled
          slotProps={{ input: { readOnly: true } }}
          sx={READ_ONLY_SX}
          fullWidth
        />
        {loadingBar}
      </>
    );

  const choice: { id: number; name: string } | null = w.mode === 'scheme' ? scheme : property;
  const helperText = w.selected ? `Selected: ${w.selected.name}` : undefined;
  return (
    <>
      {toggle}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 360px', minWidth: 0 }}>
          {w.mode === 'scheme' ? (
            <SchemeCombobox label="Search scheme" value={scheme} onChange={setScheme} />
          ) : (
            <PropertyPicker
              label={
                w.withinScheme ? `Search units of ${w.withinScheme.name || 'the scheme'}` : 'Search property'
              }
              type={standaloneOnly ? 'standalone' : 'all'}
              schemeId={w.withinScheme?.id}
              value={property}
              onChange={setProperty}
              helperText={helperText}
            />
          )}
          {w.standaloneOption && w.mode === 'property' && !w.withinScheme && (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={standaloneOnly}
                  onChange={(e) => {
                    setStandaloneOnly(e.target.checked);
                    setProperty(null);
                  }}
                />
              }
              label="Standalone only"
            />
          )}
          {loadingBar}
        </Box>
        <Button
          variant="contained"
          onClick={() => choice && w.select({ id: choice.id, name: choice.name })}
          disabled={!choice || w.loading}
          sx={{ mt: 0.25 }}
        >
          {SELECT_LABELS[w.mode]}
        </Button>
      </Box>
    </>
  );
}
