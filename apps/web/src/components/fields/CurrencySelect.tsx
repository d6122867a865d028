import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { CURRENCY_OFFERED, currencyOf } from '@frontage/shared';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'select'> & {
  value: string;
  onChange: (code: string) => void;
};

const optionLabel = (code: string) => {
  const c = currencyOf(code);
  return c ? `${c.code} (${c.symbol}) ${c.name}` : code;
};

/**
 * Currency choice (spec A §3: EUR, GBP and USD offered). A stored code outside those stays listed
 * so an older record still shows what it holds. Default by `defaultCurrency` from shared.
 */
export function CurrencySelect({ value, onChange, label = 'Currency', ...rest }: Props) {
  const codes: string[] = [...CURRENCY_OFFERED];
  if (value && !codes.includes(value)) codes.push(value);
  return (
    <TextField {...rest} select label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {codes.map((code) => (
        <MenuItem key={code} value={code}>
          {optionLabel(code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
