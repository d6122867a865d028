import { Autocomplete, TextField } from '@mui/material';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '@frontage/shared';

interface Props {
  value: string | null;
  onChange: (name: string) => void;
  label?: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
}

/** Country by name from the ~250-entry list (spec B §3); clearing it falls back to United Kingdom. */
export function CountrySelect({
  value,
  onChange,
  label = 'Country',
  size = 'small',
  error,
  helperText,
  ...rest
}: Props) {
  return (
    <Autocomplete
      options={COUNTRY_NAMES as string[]}
      value={value || DEFAULT_COUNTRY}
      onChange={(_, v) => onChange(v ?? DEFAULT_COUNTRY)}
      disableClearable
      autoHighlight
      size={size}
      disabled={rest.disabled}
      readOnly={rest.readOnly}
      popupIcon={rest.readOnly ? null : undefined}
      sx={rest.readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
      fullWidth={rest.fullWidth ?? true}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
