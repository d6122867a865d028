import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { SALE_TYPE_LABELS } from '@frontage/shared';
import { FormSection, Wide } from '../../../components/FormSection';
import { AddressSection, CompanyList, ContactList } from '../../../entities/properties/sections';
import { REASON_LABELS } from '../../../entities/properties/labels';
import { SchemeInfoSection } from '../../../entities/schemes/SchemeInfoSection';
import { useWizard } from '../wizard/WizardContext';
import { CheckPropertyStep } from './CheckPropertyStep';
import { TenantPickers } from './ContactsStep';
import { CurrencyInput, DateInput, MoneyInput, SelectInput } from './fields';
import { DatesBlock } from './LeaseDateStep';
import { RentBlock } from './RentStep';

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

/** The landlord side under `prefix`: 'prev_' for the Vendor, '' for the Purchasor. */
function LandlordColumn({ prefix }: { prefix: '' | 'prev_' }) {
  return (
    <>
      <CompanyList name={`${prefix}landlords`} label="Landlords" />
      <ContactList
        name={`${prefix}landlord_contacts`}
        label="Landlord Contacts"
        pairedWith={`${prefix}landlords`}
      />
      <CompanyList name={`${prefix}landlord_agents`} label="Landlord Agents" />
      <ContactList
        name={`${prefix}landlord_agent_contacts`}
        label="Landlord Agent Contacts"
        pairedWith={`${prefix}landlord_agents`}
      />
    </>
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
        <LandlordColumn prefix="prev_" />
      </Column>
      <Column title="Purchasor">
        <LandlordColumn prefix="" />
      </Column>
    </Box>
  );
}
export const SALE_CONTACT_FIELDS = [
  'prev_landlords',
  'prev_landlord_contacts',
  'prev_landlord_agents',
  'prev_landlord_agent_contacts',
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
];

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
export const TENANCY_LEASE_FIELDS = [
  'tenant',
  'legal_tenant',
  'tenant_agents',
  'tenant_agent_contacts',
  'tenant_contacts',
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'incentive',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'rent_review_clause',
  'break_date',
  'break_clause',
];
