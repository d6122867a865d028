import { Box, MenuItem, TextField } from '@mui/material';
import {
  BREAK_NOTICE_MONTHS_MAX,
  LEASE_TERM_LABELS,
  REVIEW_INTERVAL_YEARS_MAX,
  type LeaseTermKey,
} from '@frontage/shared';
import { LEASE_TERM_OPTIONS } from '../leaseTerms';
import { Bound, useSection, type SectionProps } from './Bound';

/**
 * The lease terms (ADR 0086), after the spec's lease fields in whichever section holds them (Lease
 * Info, a wizard's Lease Date or Dates block), on a row of their own whatever number of fields
 * comes before: a two-column grid pairs them — Security of Tenure and Review Basis, who may break
 * and how, the two numbers — and the notes span the row.
 */
export function LeaseTermsFields({ prefix, disabled }: SectionProps) {
  const { path } = useSection(prefix);
  const select = (name: LeaseTermKey) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <TextField
          select
          size="small"
          label={LEASE_TERM_LABELS[name]}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {Object.entries(LEASE_TERM_OPTIONS[name] ?? {}).map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Bound>
  );
  const whole = (name: LeaseTermKey, min: number, max: number) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <TextField
          size="small"
          type="number"
          label={LEASE_TERM_LABELS[name]}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
          fullWidth
        />
      )}
    </Bound>
  );
  return (
    <Box
      sx={{
        gridColumn: '1 / -1',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      {select('security_of_tenure')}
      {select('review_basis')}
      {select('break_party')}
      {select('break_kind')}
      {whole('break_notice_months', 0, BREAK_NOTICE_MONTHS_MAX)}
      {whole('review_interval_years', 1, REVIEW_INTERVAL_YEARS_MAX)}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Bound<string> name={path('lease_notes')}>
          {(f) => (
            <TextField
              size="small"
              label={LEASE_TERM_LABELS.lease_notes}
              value={f.value ?? ''}
              onChange={(e) => f.onChange(e.target.value)}
              onBlur={f.onBlur}
              disabled={disabled}
              error={!!f.error}
              helperText={f.error}
              multiline
              minRows={2}
              maxRows={6}
              fullWidth
            />
          )}
        </Bound>
      </Box>
    </Box>
  );
}
