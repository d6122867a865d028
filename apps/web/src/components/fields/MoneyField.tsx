import { useState } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { currencyOf, formatAmount, parseMoneyInput } from '@frontage/shared';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The 2-decimal string ("1250.00") or null. */
  value: string | null | undefined;
  onChange: (money: string | null) => void;
  /** ISO code whose symbol is shown in front; none when absent. */
  currency?: string | null;
};

/**
 * Money input (spec B §5): digits and one point, commas stripped, invalid input clears the value on
 * blur; shows thousands separators while not focused and hands back the 2-decimal string.
 */
export function MoneyField({ value, onChange, currency, onBlur, onFocus, slotProps, ...rest }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const symbol = currency ? (currencyOf(currency)?.symbol ?? currency) : null;
  const shown = editing ?? formatAmount(value ?? null);
  return (
    <TextField
      {...rest}
      value={shown}
      onFocus={(e) => {
        // While typing, the plain number without separators is easier to edit.
        setEditing(value ? value.replace(/\.00$/, '') : '');
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value.replace(/[^\d.,]/g, '');
        setEditing(text);
        onChange(parseMoneyInput(text));
      }}
      onBlur={(e) => {
        const parsed = parseMoneyInput(editing ?? '');
        setEditing(null);
        if (parsed !== (value ?? null)) onChange(parsed);
        onBlur?.(e);
      }}
      slotProps={{
        ...slotProps,
        input: {
          ...(symbol ? { startAdornment: <InputAdornment position="start">{symbol}</InputAdornment> } : {}),
          ...(slotProps?.input as object),
        },
        htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput as object) },
      }}
    />
  );
}
