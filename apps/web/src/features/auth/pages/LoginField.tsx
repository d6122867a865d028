import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'color'> {
  label: string;
  error?: string;
}

/**
 * An outlined text field built from TextField's parts: TextField itself brings Select, Menu and
 * Modal, which the sign-in page must not download. Looks and reads like a TextField.
 */
export const LoginField = forwardRef<HTMLInputElement, LoginFieldProps>(function LoginField(
  { label, error, required, id: givenId, ...input },
  ref,
) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" required={required} error={!!error} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={`${label}${required ? ' *' : ''}`}
        inputRef={ref}
        inputProps={{ ...input, 'aria-describedby': error ? helperId : undefined }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
});
