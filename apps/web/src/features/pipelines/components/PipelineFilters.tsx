import { useState } from 'react';
import { Box, Button, Paper, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DEBOUNCE_SEARCH_MS } from '@frontage/shared';
import { ListSearchField } from '../../../components/ListSearchField';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { ENQUIRY_SEARCH_LABEL } from '../../../entities/enquiries/api';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import { useSettledText } from '../../../lib/useDebouncedValue';
import {
  DEFAULT_PIPELINE,
  PIPELINE_OWNERS,
  PIPELINE_OWNER_LABELS,
  hasPipelineFilters,
  type PipelineOwner,
  type PipelineState,
} from '../boardState';

const ref = (r: { id: number; name: string } | null) => (r ? { id: r.id, name: r.name } : null);

/** The board's filter bar: free text, whose enquiries, a scheme, a town, a retailer; saved per user. */
export function PipelineFilters({
  state,
  update,
}: {
  state: PipelineState;
  update: (patch: Partial<PipelineState>) => void;
}) {
  const [town, setTown] = useSettledText(state.town, (t) => update({ town: t }), DEBOUNCE_SEARCH_MS);
  // The search field owns its text: Clear filters mounts a new, empty one.
  const [searchKey, setSearchKey] = useState(0);

  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      aria-label="Pipelines filters"
      onSubmit={(e) => e.preventDefault()}
      sx={{
        p: 1.5,
        mb: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'auto 1fr 1fr 1fr 1fr auto' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Recorded by"
        value={state.owner}
        onChange={(_, v: PipelineOwner | null) => v && update({ owner: v })}
        sx={{ height: 40 }}
      >
        {PIPELINE_OWNERS.map((o) => (
          <ToggleButton key={o} value={o} sx={{ textTransform: 'none', px: 1.5 }}>
            {PIPELINE_OWNER_LABELS[o]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ListSearchField
        key={searchKey}
        size="small"
        label={ENQUIRY_SEARCH_LABEL}
        initial={state.q}
        onSearch={(q) => update({ q })}
      />
      <SchemeCombobox value={state.scheme} onChange={(s) => update({ scheme: ref(s) })} />
      <TextField size="small" label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
      <CompanyPicker
        label="Retailer"
        allowCreate={false}
        value={state.company}
        onChange={(c) => update({ company: ref(c) })}
      />
      {hasPipelineFilters({ ...state, town }) && (
        <Box sx={{ minHeight: 40, display: 'flex', alignItems: 'center' }}>
          <Button
            size="small"
            onClick={() => {
              setTown('');
              setSearchKey((k) => k + 1);
              update(DEFAULT_PIPELINE);
            }}
          >
            Clear filters
          </Button>
        </Box>
      )}
    </Paper>
  );
}
