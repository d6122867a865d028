import { FormSection, Wide } from '../../../components/FormSection';
import { RentSqftInput } from '../../../entities/properties/sections';
import { CurrencyInput, MoneyInput, TextInput } from './fields';

/**
 * Rent Information (rent review, renewal; spec B §2): the currency, the old rent as it stood and
 * the new one. A new rent left empty is the old one (the rent-copy rule, applied on Finish). The
 * new rent per sq ft shows rent ÷ NIA live and may be overridden (ADR 0079).
 */
export function RentStep() {
  return (
    <FormSection title="Rent Information">
      <CurrencyInput />
      <div />
      <MoneyInput name="prev_rent_pa" label="Old Rent Pa" />
      <MoneyInput name="prev_rent_sqft" label="Old Rent per sqft" />
      <MoneyInput name="rent_pa" label="New Rent Pa" />
      <RentSqftInput label="New Rent per sqft" rentFallback="prev_rent_pa" />
      <MoneyInput name="rateable_value" label="Rateable Value (RV)" />
      <MoneyInput name="service_charge" label="Service Charge (S/C)" />
      <Wide>
        <TextInput name="incentive" label="Incentive" />
      </Wide>
    </FormSection>
  );
}
export const RENT_FIELDS = [
  'currency',
  'prev_rent_pa',
  'prev_rent_sqft',
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'incentive',
];
/** The rent block's fields (the rent as it is after the deal, without the old rent). */
export const RENT_BLOCK_FIELDS = RENT_FIELDS.filter((f) => !f.startsWith('prev_'));

/** The rent block's labels: the tracked retailer's and the sale's, and the letting wizards' (spec B §2). */
export const RENT_LABELS = {
  rent_sqft: 'Rent per sqft',
  rateable_value: 'Rateable Value (RV)',
  service_charge: 'Service Charge (S/C)',
};
export const LETTING_RENT_LABELS = { rent_sqft: 'Rent SQFT', rateable_value: 'RV', service_charge: 'S/C' };

/** The rent block of a lease step: currency, rent, RV, S/C and incentive (free text). */
export function RentBlock({ labels = RENT_LABELS }: { labels?: typeof RENT_LABELS }) {
  return (
    <FormSection title="Rent">
      <CurrencyInput />
      <MoneyInput name="rent_pa" label="Rent Pa" />
      <RentSqftInput label={labels.rent_sqft} />
      <MoneyInput name="rateable_value" label={labels.rateable_value} />
      <MoneyInput name="service_charge" label={labels.service_charge} />
      <TextInput name="incentive" label="Incentive" />
    </FormSection>
  );
}
