import { FormSection, Wide } from '../../../components/FormSection';
import { REASON_LABELS } from '../../../entities/properties/labels';
import { LandlordPickers, TenantPickers } from './ContactsStep';
import { DateInput, SelectInput } from './fields';
import { LinksField } from './LinksField';
import { DatesBlock } from './LeaseDateStep';
import { RentBlock } from './RentStep';

/* The tracked retailer wizard's own steps (spec B §2), with its hints verbatim. */

export const EFFECTIVE_DATE_HINT =
  'Use an approximate date that the store opened/closed based upon Google info. Do not forget to add the link!';
export const TRACKED_TENANT_HINTS = {
  tenant: 'The trading name of the tenant. Leave blank if the property is vacant.',
  legal: 'Optionally set the company which is the legal tenant, if it is different.',
};

/** Step 3: why, when (required) and the links that show it. */
export function ReasonStep() {
  return (
    <FormSection title="Reason">
      <SelectInput name="reason" label="Reason" options={REASON_LABELS} />
      <DateInput name="effective_date" label="Effective Date" hint={EFFECTIVE_DATE_HINT} />
      <Wide>
        <LinksField />
      </Wide>
    </FormSection>
  );
}

/** Step 4: the previous tenant (as the property had it) and the new one. */
export function TenantChangeStep() {
  return (
    <>
      <FormSection title="Previous Tenant">
        <TenantPickers prefix="prev_" />
      </FormSection>
      <FormSection title="New Tenant">
        <TenantPickers hints={TRACKED_TENANT_HINTS} />
      </FormSection>
    </>
  );
}

/** Step 5: the landlords and their agents. */
export function LandlordStep() {
  return (
    <FormSection title="Landlord">
      <LandlordPickers />
    </FormSection>
  );
}

/** Step 6: the new tenant's rent and lease. */
export function LeaseInfoStep() {
  return (
    <>
      <RentBlock />
      <DatesBlock />
    </>
  );
}
