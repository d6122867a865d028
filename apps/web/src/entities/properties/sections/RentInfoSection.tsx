import { TextField } from '@mui/material';
import { CurrencySelect } from '../../../components/fields/CurrencySelect';
import { MoneyField } from '../../../components/fields/MoneyField';
import { FormSection } from '../../../components/FormSection';
import { Bound, useSection, type SectionProps } from './Bound';
import { RentSqftInput } from './RentSqftInput';

/** Rent Info: the currency, the four amounts in it (rent per sq ft worked out live), Incentive and Planning. */
export function RentInfoSection({ prefix, disabled }: SectionProps) {
  const { path, watch } = useSection(prefix);
  const currency = watch(path('currency')) as string;
  const money = (name: string, label: string) => (
    <Bound<string | null> name={path(name)}>
      {(f) => (
        <MoneyField
          size="small"
          label={label}
          currency={currency}
          value={f.value}
          onChange={f.onChange}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        />
      )}
    </Bound>
  );
  const free = (name: string, label: string) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <TextField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        />
      )}
    </Bound>
  );
  return (
    <FormSection title="Rent Info">
      <Bound<string> name={path('currency')}>
        {(f) => (
          <CurrencySelect
            size="small"
            value={f.value}
            onChange={f.onChange}
            disabled={disabled}
            error={!!f.error}
            helperText={f.error}
            fullWidth
          />
        )}
      </Bound>
      {money('rent_pa', 'Rent Pa')}
      <RentSqftInput prefix={prefix} label="Rent per sqft" disabled={disabled} />
      {money('rateable_value', 'Rateable Value')}
      {money('service_charge', 'Service Charge')}
      {free('incentive', 'Incentive')}
      {free('planning', 'Planning')}
    </FormSection>
  );
}
