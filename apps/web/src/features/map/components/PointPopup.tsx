import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, CircularProgress, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  formatDate,
  formatMoney,
  MAP_GROUP_LABELS,
  type MapCluster,
  type MapFilters,
  type MapPoint,
} from '@frontage/shared';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { useOpenCreateDeal } from '../../../entities/deals/CreateDealButton';
import type { EnquirySubject } from '../../../entities/enquiries/enquiryForm';
import { useProperty } from '../../../entities/properties/api';
import { useScheme } from '../../../entities/schemes/api';
import { fetchPointsAt, mapKeys } from '../api';
import { fullCount } from './clusterLayers';

type Place = { kind: 'property' | 'scheme'; id: number };

export interface PointPopupProps {
  /** A single point, or a stack of points at one place that no zoom splits. */
  cluster: MapCluster;
  /** The map's filters (a stack lists what the markers count). */
  query: MapFilters;
  onAddEnquiry: (subject: EnquirySubject) => void;
}

/**
 * The popup of a marker: a property (unit, address, tenant with its verification, rent, lease end)
 * or a scheme (name, type, address), each with Open, Create Deal and Add Enquiry; a stack lists its
 * points first. The details come from the property and scheme queries the other screens use.
 */
export function PointPopup({ cluster, query, onAddEnquiry }: PointPopupProps) {
  const single: Place | null =
    cluster.count === 1 && cluster.kind && cluster.id !== undefined
      ? { kind: cluster.kind, id: cluster.id }
      : null;
  const [chosen, setChosen] = useState<Place | null>(null);
  const place = single ?? chosen;
  if (!place) return <StackList cluster={cluster} query={query} onChoose={setChosen} />;
  const back = !single ? (
    <Button size="small" startIcon={<ArrowBackIcon />} onClick={() => setChosen(null)} sx={{ mb: 0.5 }}>
      All {fullCount(cluster.count)} here
    </Button>
  ) : null;
  return place.kind === 'property' ? (
    <PropertyPopup id={place.id} back={back} onAddEnquiry={onAddEnquiry} />
  ) : (
    <SchemePopup id={place.id} back={back} onAddEnquiry={onAddEnquiry} />
  );
}

/** The popup's frame: a labelled, focusable region that takes the focus when it opens. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [title]);
  return (
    <Box
      ref={ref}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="map-popup"
      sx={{ p: 1.25, pr: 3, minWidth: 240, maxWidth: 320, outline: 'none', color: 'text.primary' }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ lineHeight: 1.3, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <Box sx={{ p: 2, display: 'grid', placeItems: 'center', minWidth: 200 }}>
      <CircularProgress size={22} aria-label={`Loading ${what}`} />
    </Box>
  );
}

function Failed({ what }: { what: string }) {
  return (
    <Typography variant="body2" sx={{ p: 1.5, pr: 3 }} role="alert">
      The {what} could not be loaded.
    </Typography>
  );
}

/** Label and value rows, dense. */
function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Actions({
  open,
  openLabel,
  place,
  label,
  onAddEnquiry,
}: {
  open: string;
  openLabel: string;
  place: Place;
  label: string;
  onAddEnquiry: PointPopupProps['onAddEnquiry'];
}) {
  const openCreateDeal = useOpenCreateDeal();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
      <Button variant="contained" size="small" component={RouterLink} to={open}>
        {openLabel}
      </Button>
      <Button variant="outlined" size="small" onClick={() => openCreateDeal(place)}>
        Create Deal
      </Button>
      <Button variant="outlined" size="small" onClick={() => onAddEnquiry({ ...place, label })}>
        Add Enquiry
      </Button>
    </Box>
  );
}

function PropertyPopup({
  id,
  back,
  onAddEnquiry,
}: {
  id: number;
  back: ReactNode;
  onAddEnquiry: PointPopupProps['onAddEnquiry'];
}) {
  const { data: p, isError } = useProperty(id);
  if (isError) return <Failed what="property" />;
  if (!p) return <Loading what="property" />;
  const address = p.address?.full_address ?? '';
  const label = [p.building_num, address].filter(Boolean).join(' ') || `Property ${p.id}`;
  const rows: Array<[string, ReactNode]> = [['Unit', p.building_num || '—']];
  if (p.scheme) rows.push(['Scheme', p.scheme.name]);
  rows.push(
    [
      'Tenant',
      p.tenant ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          {p.tenant.name}
          <VerificationIndicator company={p.tenant} />
        </Box>
      ) : (
        'Vacant'
      ),
    ],
    ['Rent pa', p.rent_pa ? formatMoney(p.rent_pa, p.currency) : '—'],
    ['Lease end', p.lease_end_date ? formatDate(p.lease_end_date) : '—'],
  );
  return (
    <Frame title={address || label}>
      {back}
      <Rows rows={rows} />
      <Actions
        open={`/properties?id=${p.id}`}
        openLabel="Open property"
        place={{ kind: 'property', id: p.id }}
        label={label}
        onAddEnquiry={onAddEnquiry}
      />
    </Frame>
  );
}

function SchemePopup({
  id,
  back,
  onAddEnquiry,
}: {
  id: number;
  back: ReactNode;
  onAddEnquiry: PointPopupProps['onAddEnquiry'];
}) {
  const { data: s, isError } = useScheme(id);
  if (isError) return <Failed what="scheme" />;
  if (!s) return <Loading what="scheme" />;
  return (
    <Frame title={s.name}>
      {back}
      <Rows
        rows={[
          ['Type', s.type],
          ['Address', s.address?.full_address || '—'],
        ]}
      />
      <Actions
        open={`/schemes?id=${s.id}`}
        openLabel="Open scheme"
        place={{ kind: 'scheme', id: s.id }}
        label={s.name}
        onAddEnquiry={onAddEnquiry}
      />
    </Frame>
  );
}

const pointName = (p: MapPoint) =>
  p.kind === 'scheme'
    ? (p.name ?? 'Scheme')
    : [p.name, p.full_address].filter(Boolean).join(' ') || 'Property';

/** A stack at one place: its points, each opening its own popup. */
function StackList({
  cluster,
  query,
  onChoose,
}: {
  cluster: MapCluster;
  query: MapFilters;
  onChoose: (p: Place) => void;
}) {
  const at = { lat: cluster.lat, lng: cluster.lng };
  const { data, isError } = useQuery({
    queryKey: [...mapKeys.all, 'stack', at, query],
    queryFn: () => fetchPointsAt(at, query),
  });
  if (isError) return <Failed what="list" />;
  if (!data) return <Loading what="list" />;
  return (
    <Frame title={`${fullCount(cluster.count)} at this address`}>
      <List dense disablePadding sx={{ maxHeight: 240, overflowY: 'auto', mx: -0.5 }}>
        {data.map((p) => (
          <ListItemButton key={`${p.kind}:${p.id}`} onClick={() => onChoose(p)} sx={{ px: 0.5, py: 0.25 }}>
            <ListItemText
              primary={pointName(p)}
              secondary={[
                MAP_GROUP_LABELS[p.group],
                p.tenant?.name ?? (p.kind === 'property' ? 'Vacant' : null),
              ]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Frame>
  );
}
