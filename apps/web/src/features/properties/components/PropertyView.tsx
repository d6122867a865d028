import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import {
  LEASE_TERM_KEYS,
  LEASE_TERM_LABELS,
  AREA_FIELDS,
  AREA_UNIT_LABELS,
  areaUnitLabel,
  formatDate,
  formatMoney,
  type Property,
} from '@frontage/shared';
import { CommentsSlot } from '../../../entities/comments/CommentsSlot';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { Detail, DetailCard, EntityLink } from '../../../components/DetailList';
import { AddressDetails } from '../../../entities/address/AddressDetails';
import { LANDLORD_LISTS, PartyDetails, TENANT_LISTS } from '../../../entities/properties/PartyDetails';
import { PropertyDeals } from './PropertyDeals';
import { PropertyLeaseEvents } from './PropertyLeaseEvents';
import { PropertyEnquiryMatches } from '../../../entities/enquiries/PropertyEnquiryMatches';
import { CreateDealButton } from '../../../entities/deals/CreateDealButton';
import { EnquiriesCard } from '../../../entities/enquiries/EnquiriesCard';
import { HistoryPanel } from '../../../entities/history/HistoryPanel';
import { REASON_LABELS } from '../../../entities/properties/labels';
import { leaseTermText } from '../../../entities/properties/leaseTerms';
import { placeKeys, useProperty } from '../../../entities/properties/api';
import { ArchiveButton, ArchivedBanner } from '../../../entities/archive/ArchiveControls';
import { WatchButton } from '../../../entities/watch/WatchButton';
import { LoadingBlock } from '../../../components/LoadingBlock';

// Loaded on the first Edit: the view opens without the form's code (pickers, checklist, address search).
const EditPropertyDialog = lazy(() =>
  import('../../../entities/properties/EditPropertyDialog').then((m) => ({ default: m.EditPropertyDialog })),
);

export const propertyTitle = (p: Pick<Property, 'building_num' | 'address'>): string => {
  const street = p.address?.street ?? p.address?.full_address ?? '';
  return [p.building_num, street].filter(Boolean).join(', ') || 'Property';
};

/** The property view (`/properties?id=`): every field, parties, areas, lease, rent and history. */
export function PropertyView({ id }: { id: number }) {
  const q = useProperty(id);
  if (q.isPending) return <LoadingBlock label="Loading property" height={320} />;
  if (q.isError || !q.data) return <Alert severity="error">This property could not be loaded.</Alert>;
  return <PropertyDetails p={q.data} />;
}

function PropertyDetails({ p }: { p: Property }) {
  const [editing, setEditing] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const unverified = new Set(p.unverified_history_columns ?? []);
  const u = (field: string) => unverified.has(field);
  const money = (v: string | null) => (v ? formatMoney(v, p.currency) : null);
  const a = p.address;
  const unit = AREA_UNIT_LABELS[p.area_size_type];
  const areas = AREA_FIELDS.filter(({ key }) => p[key] !== null && p[key] !== undefined);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
          {propertyTitle(p)}
        </Typography>
        {p.scheme ? (
          <Chip
            label={`Scheme: ${p.scheme.name}`}
            component={RouterLink}
            to={`/schemes?id=${p.scheme.id}`}
            clickable
            size="small"
          />
        ) : (
          <Chip label="Standalone" size="small" variant="outlined" />
        )}
        {(p.unverified_history_count ?? 0) > 0 && (
          <Chip color="warning" size="small" label={`${p.unverified_history_count} unverified changes`} />
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => {
            setEditOpened(true);
            setEditing(true);
          }}
        >
          Edit
        </Button>
        {/* No deal on an archived property (ADR 0078). */}
        {!p.archived_at && <CreateDealButton kind="property" id={p.id} />}
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={`/comparables?property_id=${p.id}`}
        >
          Comparables
        </Button>
        <Button size="small" component={RouterLink} to={`/set-me-as-landlord-contact?id=${p.id}`}>
          Set me as landlord contact
        </Button>
        <Button size="small" component={RouterLink} to={`/set-me-as-tenant-contact?id=${p.id}`}>
          Set me as tenant contact
        </Button>
        <WatchButton type="property" id={p.id} />
        <ArchiveButton kind="property" record={p} />
      </Box>
      <ArchivedBanner kind="property" record={p} />
      <Typography variant="body2" color="text.secondary">
        {a?.full_address}
      </Typography>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <AddressDetails
          address={a}
          unverified={u}
          before={
            <Detail label="Unit" unverified={u('building_num')}>
              {p.building_num}
            </Detail>
          }
          after={
            <Detail label="Scheme">
              {p.scheme ? <EntityLink to={`/schemes?id=${p.scheme.id}`}>{p.scheme.name}</EntityLink> : null}
            </Detail>
          }
        />

        <DetailCard title="Parties">
          <Detail label="Tenant" unverified={u('tenant_id')}>
            {p.tenant ? (
              <CompanyName company={p.tenant}>
                <EntityLink to={`/companies?id=${p.tenant.id}`}>{p.tenant.name}</EntityLink>
              </CompanyName>
            ) : (
              'Vacant'
            )}
          </Detail>
          <Detail label="Tenant (Legal)" unverified={u('legal_tenant_id')}>
            {p.legal_tenant ? <CompanyName company={p.legal_tenant} /> : null}
          </Detail>
          <PartyDetails record={p} lists={[...TENANT_LISTS, ...LANDLORD_LISTS]} unverified={u} />
        </DetailCard>

        <DetailCard title="Lease Info">
          <Detail label="Lease Start Date" unverified={u('lease_start_date')}>
            {formatDate(p.lease_start_date)}
          </Detail>
          <Detail label="Lease End Date" unverified={u('lease_end_date')}>
            {formatDate(p.lease_end_date)}
          </Detail>
          <Detail label="Next Review Date" unverified={u('next_review_date')}>
            {formatDate(p.next_review_date)}
          </Detail>
          <Detail label="Break Date" unverified={u('break_date')}>
            {formatDate(p.break_date)}
          </Detail>
          <Detail label="Rent Review Clause" unverified={u('rent_review_clause')}>
            {p.rent_review_clause}
          </Detail>
          <Detail label="Break Clause" unverified={u('break_clause')}>
            {p.break_clause}
          </Detail>
          <Detail label="Reason" unverified={u('reason')}>
            {p.reason ? (REASON_LABELS[p.reason] ?? p.reason) : null}
          </Detail>
          {LEASE_TERM_KEYS.map((k) => (
            <Detail key={k} label={LEASE_TERM_LABELS[k]} unverified={u(k)}>
              {leaseTermText(k, p[k]) || null}
            </Detail>
          ))}
        </DetailCard>

        <DetailCard title="Rent Info">
          <Detail label="Currency" unverified={u('currency')}>
            {p.currency}
          </Detail>
          <Detail label="Rent Pa" unverified={u('rent_pa')}>
            {money(p.rent_pa)}
          </Detail>
          <Detail label="Rent per sqft" unverified={u('rent_sqft')}>
            {money(p.rent_sqft)}
          </Detail>
          <Detail label="Rateable Value" unverified={u('rateable_value')}>
            {money(p.rateable_value)}
          </Detail>
          <Detail label="Service Charge" unverified={u('service_charge')}>
            {money(p.service_charge)}
          </Detail>
          <Detail label="Incentive" unverified={u('incentive')}>
            {p.incentive}
          </Detail>
          <Detail label="Planning" unverified={u('planning')}>
            {p.planning}
          </Detail>
        </DetailCard>

        <DetailCard title="Areas">
          <Detail label="Area Unit" unverified={u('area_size_type')}>
            {unit}
          </Detail>
          {areas.length === 0 ? (
            <Detail label="Areas">{null}</Detail>
          ) : (
            areas.map(({ key, label }) => (
              <Detail key={key} label={label} unverified={u(key)}>
                {`${Number(p[key]).toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${areaUnitLabel(key, p.area_size_type)}`}
              </Detail>
            ))
          )}
        </DetailCard>

        <CommentsSlot entityType="property" entityId={p.id} />
      </Box>
      <PropertyLeaseEvents property={p} />
      <PropertyDeals property={p} name={[p.building_num, a?.full_address].filter(Boolean).join(' ')} />
      <EnquiriesCard
        subject={{
          kind: 'property',
          id: p.id,
          label: [p.building_num, a?.full_address].filter(Boolean).join(' '),
        }}
      />
      <PropertyEnquiryMatches propertyId={p.id} />
      <HistoryPanel entity="property" id={p.id} refresh={placeKeys.property(p.id)} />
      {editOpened && (
        <Suspense fallback={null}>
          <EditPropertyDialog open={editing} onClose={() => setEditing(false)} property={p} />
        </Suspense>
      )}
    </Stack>
  );
}
