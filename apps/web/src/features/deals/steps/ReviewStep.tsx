import type { ReactNode } from 'react';
import { Alert, Box, Link, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { formatMoney, MESSAGES } from '@frontage/shared';
import { REASON_LABELS } from '../../../entities/properties/labels';
import type { DealFormValues } from '../form/dealForm';
import { copyRent } from '../form/dealForm';
import { useWizard } from '../wizard/WizardContext';
import { hrefOf } from './LinksField';

const names = (list: { name: string }[]) => list.map((x) => x.name).join(', ');

function Row({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt>{label}</dt>
      <dd>{empty ? '—' : children}</dd>
    </>
  );
}

/**
 * Step 8 of the tracked retailer wizard: what Finish will record, read back — the property, why
 * and when, the tenant before and after (blank = vacant), the landlords, the rent and lease.
 */
export function ReviewStep() {
  const w = useWizard();
  const v = copyRent(useWatch() as DealFormValues);
  const money = (m: string | null) => (m ? formatMoney(m, v.currency) : '');
  return (
    <Box>
      {!v.effective_date.trim() && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {MESSAGES.effectiveDateRequired}
        </Alert>
      )}
      <Box
        component="dl"
        aria-label="Review"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(140px, max-content) 1fr',
          columnGap: 2,
          rowGap: 0.5,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
        }}
      >
        <Row label="Property">{w.selected?.name}</Row>
        <Row label="Reason">{REASON_LABELS[v.reason] ?? ''}</Row>
        <Row label="Effective Date">{v.effective_date}</Row>
        <Row label="Previous Tenant">{v.prev_tenant?.name ?? 'Vacant'}</Row>
        <Row label="New Tenant">{v.tenant?.name ?? 'Vacant'}</Row>
        <Row label="Tenant (Legal)">{v.legal_tenant?.name}</Row>
        <Row label="Tenant Agents">{names(v.tenant_agents)}</Row>
        <Row label="Tenant Contacts">{names(v.tenant_contacts)}</Row>
        <Row label="Landlords">{names(v.landlords)}</Row>
        <Row label="Landlord Agents">{names(v.landlord_agents)}</Row>
        <Row label="Rent Pa">{money(v.rent_pa)}</Row>
        <Row label="Rent per sqft">{money(v.rent_sqft)}</Row>
        <Row label="Lease Start Date">{v.lease_start_date}</Row>
        <Row label="Lease End Date">{v.lease_end_date}</Row>
        <Row label="Links">
          {v.links.length
            ? v.links.map((l) => (
                <Typography key={l} variant="body2" component="span" sx={{ display: 'block' }}>
                  <Link href={hrefOf(l)} target="_blank" rel="noopener noreferrer">
                    {l}
                  </Link>
                </Typography>
              ))
            : null}
        </Row>
      </Box>
    </Box>
  );
}
