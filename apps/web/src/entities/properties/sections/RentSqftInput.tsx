import { useWatch } from 'react-hook-form';
import { rentPerSqft } from '@frontage/shared';
import type { AreasValue } from '../../../components/fields/areas';
import { RentSqftField } from '../../../components/fields/RentSqftField';
import { Bound, useSection, type SectionProps } from './Bound';

/**
 * The rent per sq ft of a form with `rent_pa`, `areas` and `currency` under its prefix (the
 * property dialogs, the deal wizards): rent ÷ NIA shown live, a typed figure kept (ADR 0079).
 * `rentFallback` names the field whose rent applies while rent pa is empty (a rent review's old
 * rent: the rent-copy rule).
 */
export function RentSqftInput({
  prefix,
  label,
  disabled,
  rentFallback,
}: SectionProps & { label: string; rentFallback?: string }) {
  const { path } = useSection(prefix);
  const [rent, fallback, areas, currency] = useWatch({
    name: [path('rent_pa'), rentFallback ?? path('rent_pa'), path('areas'), path('currency')],
  }) as [string | null, string | null, AreasValue | undefined, string];
  const nia = areas?.ticked.includes('nia_sqrt') ? (areas.values.nia_sqrt ?? null) : null;
  const computed = rentPerSqft(rent ?? fallback, nia, areas?.area_size_type);
  return (
    <Bound<string | null> name={path('rent_sqft')}>
      {(f) => (
        <RentSqftField
          size="small"
          label={label}
          currency={currency}
          computed={computed}
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
}
