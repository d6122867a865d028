import { useState } from 'react';
import { Box, Button, LinearProgress, TextField } from '@mui/material';
import { PropertyPicker, type PropertyRef } from '../../../entities/properties/PropertyPicker';
import { READ_ONLY_SX } from '../../../entities/properties/sections';
import { useWizard } from '../wizard/WizardContext';

/**
 * Step 1 (spec B §2): search a property (500 ms debounce, 50 per page) and choose it with
 * "Select Property", which loads it, clears and fills the form and opens step 2. A property passed
 * in or named by the route is shown locked.
 */
export function SelectPropertyStep() {
  const w = useWizard();
  const [choice, setChoice] = useState<PropertyRef | null>(null);
  if (w.locked)
    return (
      <>
        <TextField
          size="small"
          label="Property"
          value={w.property ? w.selected?.name || `Property ${w.property.id}` : (w.selected?.name ?? '')}
          disabled
          slotProps={{ input: { readOnly: true } }}
          sx={READ_ONLY_SX}
          fullWidth
        />
        {w.loading && <LinearProgress sx={{ mt: 1 }} aria-label="Loading property" />}
      </>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 360px', minWidth: 0 }}>
        <PropertyPicker
          label="Search property"
          value={choice}
          onChange={setChoice}
          helperText={w.selected ? `Selected: ${w.selected.name}` : undefined}
        />
        {w.loading && <LinearProgress sx={{ mt: 1 }} aria-label="Loading property" />}
      </Box>
      <Button
        variant="contained"
        onClick={() => choice && w.select({ id: choice.id, name: choice.name })}
        disabled={!choice || w.loading}
        sx={{ mt: 0.25 }}
      >
        Select Property
      </Button>
    </Box>
  );
}
