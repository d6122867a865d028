import { FormSection, Wide } from '../../../components/FormSection';
import { CurrencyInput, MoneyInput, TextInput } from './fields';

/**
 * Rent Information (rent review, renewal; spec B §2): the currency, the old rent as it stood and
 * the new one. A new rent left empty is the old one (the rent-copy rule, applied on Finish).
 */
export function RentStep() {
  return (
    <FormSection title="Rent Information">
      <CurrencyInput />
      <div />
      <MoneyInput name="prev_rent_pa" label="Old Rent Pa" />
      <MoneyInput name="prev_rent_sqft" label="Old Rent per sqft" />
      <MoneyInput name="rent_pa" label="New Rent Pa" />
      <MoneyInput name="rent_sqft" label="New Rent per sqft" />
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

/** The rent block of a lease step (tracked retailer): currency, rent, RV, S/C and incentive. */
export function RentBlock() {
  return (
    <FormSection title="Rent">
      <CurrencyInput />
      <MoneyInput name="rent_pa" label="Rent Pa" />
      <MoneyInput name="rent_sqft" label="Rent per sqft" />
      <MoneyInput name="rateable_value" label="Rateable Value (RV)" />
      <MoneyInput name="service_charge" label="Service Charge (S/C)" />
      <TextInput name="incentive" label="Incentive" />
    </FormSection>
  );
}
