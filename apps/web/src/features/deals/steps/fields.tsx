import { MenuItem, TextField } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { CurrencySelect } from '../../../components/fields/CurrencySelect';
import { DateField } from '../../../components/fields/DateField';
import { MoneyField } from '../../../components/fields/MoneyField';
import { Bound } from '../../../entities/properties/sections';

/* The wizard steps' inputs, each bound to the wizard's form by name. */

export function MoneyInput({ name, label }: { name: string; label: string }) {
  const currency = useWatch({ name: 'currency' }) as string;
  return (
    <Bound<string | null> name={name}>
      {(f) => (
        <MoneyField
          size="small"
          label={label}
          currency={currency}
          value={f.value}
          onChange={f.onChange}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        />
      )}
    </Bound>
  );
}

export function DateInput({ name, label, hint }: { name: string; label: string; hint?: string }) {
  return (
    <Bound<string> name={name}>
      {(f) => (
        <DateField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={f.onChange}
          error={!!f.error}
          helperText={f.error ?? hint}
          fullWidth
        />
      )}
    </Bound>
  );
}

export function TextInput({ name, label, multiline }: { name: string; label: string; multiline?: boolean }) {
  return (
    <Bound<string> name={name}>
      {(f) => (
        <TextField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          error={!!f.error}
          helperText={f.error}
          multiline={multiline}
          maxRows={multiline ? 4 : undefined}
          fullWidth
        />
      )}
    </Bound>
  );
}

export function CurrencyInput() {
  return (
    <Bound<string> name="currency">
      {(f) => (
        <CurrencySelect
          size="small"
          value={f.value}
          onChange={f.onChange}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        />
      )}
    </Bound>
  );
}

export function SelectInput({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: Record<string, string>;
}) {
  return (
    <Bound<string> name={name}>
      {(f) => (
        <TextField
          select
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {Object.entries(options).map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Bound>
  );
}
