import { Box } from '@mui/material';
import { LEASE_TERM_KEYS, LEASE_TERM_LABELS, formatDate, formatMoney } from '@frontage/shared';
import { leaseTermText } from '../../../entities/properties/leaseTerms';
import { Detail, DetailCard } from '../../../components/DetailList';
import { FormSection, Wide } from '../../../components/FormSection';
import { CompanyField, ContactList } from '../../../entities/properties/sections';
import { REASON_LABELS } from '../../../entities/properties/labels';
import { LandlordPickers, TenantAgentPickers } from './ContactsStep';
import { DateInput, SelectInput } from './fields';
import { DATES_BLOCK_FIELDS, DatesBlock } from './LeaseDateStep';
import { LETTING_RENT_LABELS, RENT_BLOCK_FIELDS, RentBlock } from './RentStep';
import { useWizard } from '../wizard/WizardContext';

/*
 * The Sub-letting/Assignment and New Letting wizards' own steps (spec B §2, the chooser's reading
 * for the sub-letting, ADR 0048): Reason, Contact information (the landlord side and both tenants'
 * agents) and Lease Information (both tenants, then the Rent and Dates blocks).
 */

/** Step 3: why the unit was let, and when (optional). */
export function LettingReasonStep() {
  return (
    <FormSection title="Reason">
      <SelectInput name="reason" label="Reason" options={REASON_LABELS} />
      <DateInput name="effective_date" label="Effective Date" />
    </FormSection>
  );
}
export const LETTING_REASON_FIELDS = ['reason', 'effective_date'];

/** Step 4: landlords, landlord contacts, landlord agents and theirs; both tenants' agents and theirs. */
export function LettingContactsStep() {
  return (
    <>
      <FormSection title="Landlord">
        <LandlordPickers />
      </FormSection>
      <FormSection title="Previous Tenant Agents">
        <TenantAgentPickers prefix="prev_" />
      </FormSection>
      <FormSection title="New Tenant Agents">
        <TenantAgentPickers prefix="" />
      </FormSection>
    </>
  );
}
export const LETTING_CONTACT_FIELDS = [
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
  'prev_tenant_agents',
  'prev_tenant_agent_contacts',
  'tenant_agents',
  'tenant_agent_contacts',
];

/** A tenant: trading name, legal tenant and contacts. */
function TenantParty({ prefix, hint }: { prefix: '' | 'prev_'; hint?: string }) {
  return (
    <>
      <CompanyField name={`${prefix}tenant`} label="Tenant" hint={hint} />
      <CompanyField name={`${prefix}legal_tenant`} label="Tenant (Legal)" />
      <Wide>
        <ContactList name={`${prefix}tenant_contacts`} label="Tenant Contacts" />
      </Wide>
    </>
  );
}

/**
 * The lease the property has now, read-only, beside a new letting's empty new lease:
 * the tenant, the dates, the rent and the clauses, for reference.
 */
export function PreviousLease() {
  const p = useWizard().property;
  if (!p) return null;
  const money = (m: string | null) => (m ? formatMoney(m, p.currency) : null);
  return (
    <Box sx={{ mb: 2.5 }}>
      <DetailCard title="Previous Lease">
        <Detail label="Tenant">{p.tenant?.name}</Detail>
        <Detail label="Tenant (Legal)">{p.legal_tenant?.name}</Detail>
        <Detail label="Lease Start Date">{formatDate(p.lease_start_date)}</Detail>
        <Detail label="Lease End Date">{formatDate(p.lease_end_date)}</Detail>
        <Detail label="Rent Pa">{money(p.rent_pa)}</Detail>
        <Detail label="Rent per sqft">{money(p.rent_sqft)}</Detail>
        <Detail label="Next Review Date">{formatDate(p.next_review_date)}</Detail>
        <Detail label="Rent Review Clause">{p.rent_review_clause}</Detail>
        <Detail label="Next Break Date">{formatDate(p.break_date)}</Detail>
        <Detail label="Break Clause">{p.break_clause}</Detail>
        <Detail label="Incentive">{p.incentive}</Detail>
        {LEASE_TERM_KEYS.map((k) => (
          <Detail key={k} label={LEASE_TERM_LABELS[k]}>
            {leaseTermText(k, p[k]) || null}
          </Detail>
        ))}
      </DetailCard>
    </Box>
  );
}

/**
 * Step 5: the previous tenant (as the property had it), the new one, the rent and the dates. A
 * new letting also shows the previous lease, read-only, above its new one (which starts empty).
 */
export function LettingLeaseStep({
  newTenantHint,
  previousLease = false,
}: {
  newTenantHint?: string;
  previousLease?: boolean;
}) {
  return (
    <>
      {previousLease && <PreviousLease />}
      <FormSection title="Previous Tenant">
        <TenantParty prefix="prev_" />
      </FormSection>
      <FormSection title="New Tenant">
        <TenantParty prefix="" hint={newTenantHint} />
      </FormSection>
      <RentBlock labels={LETTING_RENT_LABELS} />
      <DatesBlock />
    </>
  );
}
export const LETTING_LEASE_FIELDS = [
  'prev_tenant',
  'prev_legal_tenant',
  'prev_tenant_contacts',
  'tenant',
  'legal_tenant',
  'tenant_contacts',
  ...RENT_BLOCK_FIELDS,
  ...DATES_BLOCK_FIELDS,
];
