import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { DATE_MESSAGES, applyDateMask, parseTypedDate } from '@frontage/shared';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The text as typed, dd/mm/yyyy (use `formatDate` from shared to prefill from yyyy-mm-dd). */
  value: string;
  onChange: (text: string) => void;
};

/** True when `text` is empty or a real dd/mm/yyyy date; forms use it to block a save. */
export const isValidDateText = (text: string | null | undefined): boolean =>
  !text?.trim() || parseTypedDate(text) !== null;

/**
 * Date input (spec B §5): typed dd/mm/yyyy through the ##/##/#### mask. The form sends
 * `parseTypedDate(text)` (yyyy-mm-dd). A date that is not real shows an error once the field is left.
 */
export function DateField({ value, onChange, onBlur, error, helperText, slotProps, ...rest }: Props) {
  const [touched, setTouched] = useState(false);
  const ownError = touched && !isValidDateText(value);
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(applyDateMask(e.target.value))}
      onBlur={(e) => {
        setTouched(true);
        onBlur?.(e);
      }}
      error={!!error || ownError}
      helperText={helperText || (ownError ? DATE_MESSAGES.invalidTyped : undefined)}
      placeholder="dd/mm/yyyy"
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', maxLength: 10, ...(slotProps?.htmlInput as object) },
      }}
    />
  );
}
