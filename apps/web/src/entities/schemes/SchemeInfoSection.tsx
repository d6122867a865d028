import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { SCHEME_TYPES } from '@frontage/shared';
import { YearField } from '../../components/fields/YearField';
import { FormSection } from '../../components/FormSection';
import { Bound, useSection, type SectionProps } from '../properties/sections';

/** A scheme's own fields as a form holds them (the typed text; the payload converts). */
export interface SchemeInfoValues {
  name: string;
  type: string;
  opened: string;
  car_spaces: string;
  is_under_construction: boolean;
}

export const emptySchemeInfo = (): SchemeInfoValues => ({
  name: '',
  type: '',
  opened: '',
  car_spaces: '',
  is_under_construction: false,
});

/**
 * Scheme Name (required), Type (required), Opened (Year), Car Spaces, Under Construction? (spec B
 * §2) under `prefix`: the New Scheme page, and the Sale wizard's scheme mode.
 */
export function SchemeInfoSection({ prefix, disabled }: SectionProps) {
  const { path } = useSection(prefix);
  return (
    <FormSection title="Scheme">
      <Bound<string> name={path('name')}>
        {(f) => (
          <TextField
            size="small"
            label="Scheme Name"
            required
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            onBlur={f.onBlur}
            disabled={disabled}
            error={!!f.error}
            helperText={f.error}
            fullWidth
          />
        )}
      </Bound>
      <Bound<string> name={path('type')}>
        {(f) => (
          <TextField
            size="small"
            select
            label="Type"
            required
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            disabled={disabled}
            error={!!f.error}
            helperText={f.error}
            fullWidth
          >
            {SCHEME_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Bound>
      <Bound<string> name={path('opened')}>
        {(f) => (
          <YearField
            size="small"
            label="Opened (Year)"
            value={f.value}
            onChange={f.onChange}
            disabled={disabled}
            error={!!f.error}
            helperText={f.error}
            fullWidth
          />
        )}
      </Bound>
      <Bound<string> name={path('car_spaces')}>
        {(f) => (
          <TextField
            size="small"
            label="Car Spaces"
            value={f.value}
            onChange={(e) => f.onChange(e.target.value.replace(/\D/g, ''))}
            onBlur={f.onBlur}
            disabled={disabled}
            error={!!f.error}
            helperText={f.error}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        )}
      </Bound>
      <Bound<boolean> name={path('is_under_construction')}>
        {(f) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={!!f.value}
                onChange={(e) => f.onChange(e.target.checked)}
                disabled={disabled}
              />
            }
            label="Under Construction?"
          />
        )}
      </Bound>
    </FormSection>
  );
}
