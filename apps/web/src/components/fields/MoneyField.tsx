import { useState } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { currencyOf, formatAmount, readMoneyInput } from '@frontage/shared';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The 2-decimal string ("1250.00") or null. */
  value: string | null | undefined;
  onChange: (money: string | null) => void;
  /** ISO code whose symbol is shown in front; none when absent. */
  currency?: string | null;
};

/**
 * Money input (spec B §5, ADR 0079): digits and one point, commas stripped. What the user
 * types stays as typed while the field has focus — no character is dropped; on blur an entry that
 * is not an amount (or is negative, or above the bound) clears the value and the field says why
 * under it ("Not a valid amount", …: packages/shared's readMoneyInput, the API's messages too).
 * Shows thousands separators while not focused and hands back the 2-decimal string.
 */
export function MoneyField({
  value,
  onChange,
  currency,
  onBlur,
  onFocus,
  slotProps,
  error,
  helperText,
  ...rest
}: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  // Why the last entry was refused, until the user types again.
  const [problem, setProblem] = useState<string | null>(null);
  const symbol = currency ? (currencyOf(currency)?.symbol ?? currency) : null;
  const shown = editing ?? formatAmount(value ?? null);
  return (
    <TextField
      {...rest}
      value={shown}
      error={!!problem || error}
      helperText={problem ?? helperText}
      onFocus={(e) => {
        // While typing, the plain number without separators is easier to edit.
        setEditing(value ? value.replace(/\.00$/, '') : '');
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value;
        setEditing(text);
        setProblem(null);
        const r = readMoneyInput(text);
        onChange(r.ok ? r.value : null);
      }}
      onBlur={(e) => {
        if (editing === null) {
          onBlur?.(e);
          return;
        }
        const r = readMoneyInput(editing);
        const parsed = r.ok ? r.value : null;
        setEditing(null);
        setProblem(r.ok ? null : r.message);
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
