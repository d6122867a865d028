import { useState } from 'react';
import { Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import {
  GAP_LEVEL_LABELS,
  GAP_LEVELS,
  GAP_SORT_LABELS,
  GAP_SORTS,
  type GapLevel,
  type GapSort,
} from '@frontage/shared';
import type { CompanyRef } from '../../../entities/companies/api';
import { useCompanyCategories } from '../../../entities/companies/api';
import { TrackedRetailerPicker } from '../../../entities/tracked-retailers/TrackedRetailerPicker';
import type { GapQueryState } from '../gapQuery';

interface Props {
  /** The query shown (from the URL), the form's starting values. */
  query: GapQueryState;
  /** The chosen retailer's name when the query came from a link (the result names it). */
  retailer: CompanyRef | null;
  onRun: (query: GapQueryState) => void;
}

/** The gap analysis's question: a retailer, an optional category instead of its own, level, sort … */
export function GapForm({ query, retailer: initialRetailer, onRun }: Props) {
  const [draft, setDraft] = useState(query);
  const [retailer, setRetailer] = useState<CompanyRef | null>(initialRetailer);
  const shownRetailer = retailer ?? (initialRetailer?.id === draft.company_id ? initialRetailer : null);
  const { data: categories = [] } = useCompanyCategories();
  const set = (patch: Partial<GapQueryState>) => setDraft((d) => ({ ...d, ...patch }));
  const monthsOk = Number.isInteger(draft.months) && draft.months >= 0 && draft.months <= 60;
  const peersOk = Number.isInteger(draft.min_peers) && draft.min_peers >= 1 && draft.min_peers <= 1000;

  return (
    <Paper
      variant="outlined"
      component="form"
      aria-label="Gap analysis query"
      sx={{ p: 1.5, mb: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.company_id && monthsOk && peersOk) onRun({ ...draft, page: 1 });
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1.6fr 1fr 1.3fr 0.7fr 0.7fr auto' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
        <TrackedRetailerPicker
          required
          value={shownRetailer}
          onChange={(r) => {
            setRetailer(r);
            set({ company_id: r?.id ?? null });
          }}
        />
        <TextField
          select
          label="Compare with category"
          value={draft.category_id ?? ''}
          onChange={(e) => set({ category_id: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <MenuItem value="">The retailer's own categories</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Level"
          value={draft.level}
          onChange={(e) => set({ level: e.target.value as GapLevel })}
        >
          {GAP_LEVELS.map((l) => (
            <MenuItem key={l} value={l}>
              {GAP_LEVEL_LABELS[l]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={draft.sort}
          onChange={(e) => set({ sort: e.target.value as GapSort })}
        >
          {GAP_SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {GAP_SORT_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Months"
          type="number"
          value={Number.isNaN(draft.months) ? '' : draft.months}
          onChange={(e) => set({ months: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          error={!monthsOk}
          helperText={monthsOk ? undefined : '0 to 60'}
          title="Units whose lease ends or breaks within this many months count as available"
          slotProps={{ htmlInput: { min: 0, max: 60, step: 1 } }}
        />
        <TextField
          label="Min peers"
          type="number"
          value={Number.isNaN(draft.min_peers) ? '' : draft.min_peers}
          onChange={(e) => set({ min_peers: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
          error={!peersOk}
          helperText={peersOk ? undefined : '1 to 1,000'}
          slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
        />
        <Button type="submit" variant="contained" disabled={!draft.company_id} sx={{ mt: 0.5 }}>
          Run analysis
        </Button>
      </Box>
    </Paper>
  );
}
