import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { SALE_TYPE_LABELS } from '@frontage/shared';
import { FormSection, Wide } from '../../../components/FormSection';
import { AddressSection } from '../../../entities/properties/sections';
import { REASON_LABELS } from '../../../entities/properties/labels';
import { SchemeInfoSection } from '../../../entities/schemes/SchemeInfoSection';
import { useWizard } from '../wizard/WizardContext';
import { CheckPropertyStep } from './CheckPropertyStep';
import { LANDLORD_FIELDS, LandlordPickers, TENANT_FIELDS, TenantPickers } from './ContactsStep';
import { CurrencyInput, DateInput, MoneyInput, SelectInput } from './fields';
import { DATES_BLOCK_FIELDS, DatesBlock } from './LeaseDateStep';
import { RENT_BLOCK_FIELDS, RentBlock } from './RentStep';

/* The Sale wizard's own steps (spec B §2 "Sale wizard"). */

/**
 * Step 2: the address (country, unit, street 1 and 2, town, post code, region); a property adds
 * planning and its areas, a scheme its own fields (a scheme has no unit: ADR 0048).
 */
export function SaleCheckStep() {
  const w = useWizard();
  if (w.mode === 'property') return <CheckPropertyStep />;
  return (
    <>
      <AddressSection unit={false} />
      <SchemeInfoSection prefix="scheme." />
    </>
  );
}
export const SALE_CHECK_FIELDS = ['building_num', 'address', 'planning', 'areas', 'scheme'];

/** Step 3: when, how and for how much it was sold, why, and the currency (the reading). */
export function SaleDetailsStep() {
  return (
    <FormSection title="Sale details">
      <DateInput name="effective_date" label="Effective Date" />
      <SelectInput name="sale_type" label="Sale Type" options={SALE_TYPE_LABELS} />
      <MoneyInput name="price_paid" label="Price Paid" />
      <CurrencyInput />
      <Wide>
        <SelectInput name="reason" label="Reason" options={REASON_LABELS} />
      </Wide>
    </FormSection>
  );
}
export const SALE_DETAIL_FIELDS = ['effective_date', 'sale_type', 'price_paid', 'currency', 'reason'];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.25 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

/**
 * Step 4: the Vendor column (the landlords as they stood, filled on loading) and the Purchasor
 * column (the new landlords, who replace them).
 */
export function SaleContactsStep() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
      <Column title="Vendor">
        <LandlordPickers prefix="prev_" />
      </Column>
      <Column title="Purchasor">
        <LandlordPickers />
      </Column>
    </Box>
  );
}
export const SALE_CONTACT_FIELDS = [...LANDLORD_FIELDS.map((f) => `prev_${f}`), ...LANDLORD_FIELDS];

/**
 * Step 5 (a property sold as an investment or a sale & lease back): the tenancy it was sold with —
 * the tenants and their agents, the rent (its currency is step 3's: the stored code, else the
 * user's, else GBP) and the lease dates and clauses.
 */
export function TenancyLeaseStep() {
  return (
    <>
      <FormSection title="Tenant">
        <TenantPickers />
      </FormSection>
      <RentBlock />
      <DatesBlock />
    </>
  );
}
/** Step 5's fields; its currency is step 3's. */
export const TENANCY_LEASE_FIELDS = [
  ...TENANT_FIELDS,
  ...RENT_BLOCK_FIELDS.filter((f) => f !== 'currency'),
  ...DATES_BLOCK_FIELDS,
];
