import { MenuItem, Stack, TextField } from '@mui/material';
import { VERIFICATION_EXPORT_LABELS, VERIFICATION_STATES, type VerificationState } from '@frontage/shared';
import { useCompanyCategories } from './api';
import { VerificationIndicator } from './VerificationIndicator';

/** The category filter of a company list (companies, tracked retailers): one category or all. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (categoryId: number | null) => void;
}) {
  const { data: categories = [] } = useCompanyCategories();
  return (
    <TextField
      select
      label="Category"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      <MenuItem value="">All categories</MenuItem>
      {categories.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The verification filter of a company list: each state beside its coloured dot. */
export function VerificationFilter({
  value,
  onChange,
}: {
  value: VerificationState | null;
  onChange: (state: VerificationState | null) => void;
}) {
  return (
    <TextField
      select
      label="Verification"
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || null) as VerificationState | null)}
    >
      <MenuItem value="">Any</MenuItem>
      {VERIFICATION_STATES.map((v) => (
        <MenuItem key={v} value={v}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <VerificationIndicator
              decorative
              company={{
                id: 0,
                name: '',
                is_verified: v === 'verified',
                verified_at: v === 'lapsed' ? 'x' : null,
              }}
            />
            <span>{VERIFICATION_EXPORT_LABELS[v]}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
}
