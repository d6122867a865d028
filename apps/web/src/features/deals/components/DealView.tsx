import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import {
  LEASE_TERM_KEYS,
  LEASE_TERM_LABELS,
  DEAL_TYPE_LABELS,
  REASON_LABELS,
  SALE_TYPE_LABELS,
  canChangeDeal,
  formatDate,
  formatDateTime,
  formatMoney,
  type Deal,
  type PartyCompany,
  type Reason,
} from '@frontage/shared';
import { Detail, DetailCard, EntityLink, partyChips } from '../../../components/DetailList';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { useDeal } from '../../../entities/deals/api';
import { withDealEdit } from '../../../entities/deals/links';
import { FIELD_LABELS } from '../../../entities/properties/labels';
import { leaseTermText } from '../../../entities/properties/leaseTerms';
import { useCurrentUser } from '../../../lib/session';
import { useCanOpenDeal } from '../DealWizardHost';
import { hrefOf } from '../steps/LinksField';
import { VoidDealDialog } from './VoidDealDialog';
import { LoadingBlock } from '../../../components/LoadingBlock';

const company = (c: PartyCompany | null) =>
  c ? (
    <CompanyName company={c}>
      <EntityLink to={`/companies?id=${c.id}`}>{c.name}</EntityLink>
    </CompanyName>
  ) : (
    'Vacant'
  );

/** A deal's own view (`/deals?id=`): what it recorded, before and after, and what it changed. */
export function DealView({ id }: { id: number }) {
  const q = useDeal(id);
  if (q.isPending) return <LoadingBlock label="Loading deal" height={320} />;
  if (q.isError || !q.data) return <Alert severity="error">This deal could not be loaded.</Alert>;
  return <DealDetails d={q.data} />;
}

function DealDetails({ d }: { d: Deal }) {
  const money = (v: string | null) => (v ? formatMoney(v, d.currency ?? 'GBP') : null);
  const place = d.property
    ? {
        to: `/properties?id=${d.property.id}`,
        name: [d.property.building_num, d.property.full_address].filter(Boolean).join(' '),
      }
    : d.scheme
      ? { to: `/schemes?id=${d.scheme.id}`, name: d.scheme.name }
      : null;
  const fields = [...new Set(d.changes.map((c) => c.field))];
  const voided = !!d.voided_at;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box>
          <Typography
            variant="h1"
            component="h1"
            sx={voided ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
          >
            {DEAL_TYPE_LABELS[d.deal_type]}
            {place ? ` — ${place.name}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Recorded{' '}
            {[d.created_by ? `by ${d.created_by.name}` : null, formatDateTime(d.created_at)]
              .filter(Boolean)
              .join(', ')}
          </Typography>
        </Box>
        <DealActions d={d} />
      </Box>
      {voided && <VoidedNotice d={d} />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <DetailCard title="Deal">
          <Detail label="Type">{DEAL_TYPE_LABELS[d.deal_type]}</Detail>
          <Detail label={d.property ? 'Property' : 'Scheme'}>
            {place ? <EntityLink to={place.to}>{place.name}</EntityLink> : null}
          </Detail>
          <Detail label="Effective Date">{formatDate(d.effective_date)}</Detail>
          <Detail label="Reason">{d.reason ? (REASON_LABELS[d.reason as Reason] ?? d.reason) : null}</Detail>
          {d.deal_type === 'sale' && (
            <>
              <Detail label="Sale Type">{d.sale_type ? SALE_TYPE_LABELS[d.sale_type] : null}</Detail>
              <Detail label="Price Paid">{money(d.sale_price)}</Detail>
            </>
          )}
          <Detail label="Links">
            {d.links.length
              ? d.links.map((l) => (
                  <Link
                    key={l}
                    href={hrefOf(l)}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: 'block' }}
                  >
                    {l}
                  </Link>
                ))
              : null}
          </Detail>
        </DetailCard>

        <DetailCard title="Tenant">
          <Detail label="Previous Tenant">{company(d.prev_tenant)}</Detail>
          <Detail label="Tenant">{company(d.tenant)}</Detail>
          <Detail label="Previous Tenant (Legal)">
            {d.prev_legal_tenant && <CompanyName company={d.prev_legal_tenant} />}
          </Detail>
          <Detail label="Tenant (Legal)">{d.legal_tenant && <CompanyName company={d.legal_tenant} />}</Detail>
          <Detail label="Previous Tenant Agents">{partyChips('company', d.prev_tenant_agents)}</Detail>
          <Detail label="Tenant Agents">{partyChips('company', d.tenant_agents)}</Detail>
          <Detail label="Tenant Contacts">{partyChips('user', d.tenant_contacts)}</Detail>
        </DetailCard>

        <DetailCard title="Rent">
          <Detail label="Currency">{d.currency}</Detail>
          <Detail label="Old Rent Pa">{money(d.prev_rent_pa)}</Detail>
          <Detail label="Rent Pa">{money(d.rent_pa)}</Detail>
          <Detail label="Old Rent per sqft">{money(d.prev_rent_sqft)}</Detail>
          <Detail label="Rent per sqft">{money(d.rent_sqft)}</Detail>
          <Detail label="Rateable Value">{money(d.rateable_value)}</Detail>
          <Detail label="Service Charge">{money(d.service_charge)}</Detail>
          <Detail label="Incentive">{d.incentive}</Detail>
        </DetailCard>

        <DetailCard title="Lease">
          <Detail label="Lease Start Date">{formatDate(d.lease_start_date)}</Detail>
          <Detail label="Lease End Date">{formatDate(d.lease_end_date)}</Detail>
          <Detail label="Next Review Date">{formatDate(d.next_review_date)}</Detail>
          <Detail label="Rent Review Clause">{d.rent_review_clause}</Detail>
          <Detail label="Next Break Date">{formatDate(d.break_date)}</Detail>
          <Detail label="Break Clause">{d.break_clause}</Detail>
          {LEASE_TERM_KEYS.map((k) => (
            <Detail key={k} label={LEASE_TERM_LABELS[k]}>
              {leaseTermText(k, d[k]) || null}
            </Detail>
          ))}
        </DetailCard>

        <DetailCard title="Landlord">
          {d.deal_type === 'sale' && (
            <Detail label="Previous Landlords">{partyChips('company', d.prev_landlords)}</Detail>
          )}
          <Detail label="Landlords">{partyChips('company', d.landlords)}</Detail>
          <Detail label="Landlord Contacts">{partyChips('user', d.landlord_contacts)}</Detail>
          <Detail label="Landlord Agents">{partyChips('company', d.landlord_agents)}</Detail>
          <Detail label="Landlord Agent Contacts">{partyChips('user', d.landlord_agent_contacts)}</Detail>
        </DetailCard>

        <DetailCard title="Changes">
          <Detail label="Fields changed">
            {fields.length
              ? fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')
              : 'None: the record already held these values'}
          </Detail>
        </DetailCard>
      </Box>
    </Stack>
  );
}

/** Edit and Void, for whom canChangeDeal allows (the recorder, their company, an admin; ADR 0077). */
function DealActions({ d }: { d: Deal }) {
  const user = useCurrentUser();
  const canOpen = useCanOpenDeal();
  const [, setParams] = useSearchParams();
  const [voiding, setVoiding] = useState(false);
  if (d.voided_at || !canChangeDeal(user, d)) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {canOpen(d.deal_type) && (
        <Button variant="outlined" onClick={() => setParams((p) => withDealEdit(p, d))}>
          Edit
        </Button>
      )}
      <Button variant="outlined" color="error" onClick={() => setVoiding(true)}>
        Void
      </Button>
      <VoidDealDialog deal={d} open={voiding} onClose={() => setVoiding(false)} />
    </Stack>
  );
}

/** A voided deal: who voided it, when and why, and the fields a later change kept. */
function VoidedNotice({ d }: { d: Deal }) {
  const left = d.void_left_fields ?? [];
  return (
    <Alert severity="warning" role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Voided{d.voided_by ? ` by ${d.voided_by.name}` : ''}
        {d.voided_at ? `, ${formatDateTime(d.voided_at)}` : ''}
      </Typography>
      <Typography variant="body2">Reason: {d.void_reason}</Typography>
      {left.length > 0 && (
        <Typography variant="body2">
          Left as a later change set them: {left.map((f) => FIELD_LABELS[f.field] ?? f.field).join(', ')}
        </Typography>
      )}
    </Alert>
  );
}
