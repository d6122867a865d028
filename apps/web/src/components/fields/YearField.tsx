import { TextField, type TextFieldProps } from '@mui/material';
import { YEAR_MASK } from '@frontage/shared';
import { applyMask } from './mask';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (text: string) => void;
};

/** A year typed through the spec's 4-digit mask (spec B §5); the form turns it into a number. */
export function YearField({ value, onChange, slotProps, ...rest }: Props) {
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => onChange(applyMask(e.target.value, YEAR_MASK))}
      placeholder="yyyy"
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', maxLength: 4, ...slotProps?.htmlInput } }}
    />
  );
}
