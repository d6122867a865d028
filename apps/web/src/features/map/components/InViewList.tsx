import { useEffect, useState } from 'react';
import { Alert, Box, LinearProgress, Link, TablePagination, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  mapFiltersSchema,
  MAP_GROUP_LABELS,
  formatDate,
  formatMoney,
  type Bbox,
  type MapGroup,
  type MapPoint,
  type MapPointSort,
  type MapSearchArea,
} from '@frontage/shared';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { ApiError } from '../../../lib/http';
import { MAP_LIST_PAGE_SIZE, areaQuery, pointsQuery, useMapPoints } from '../areaApi';
import { filterQuery, type MapFilterState } from '../state';

/** The filter fields a 422 may name; the panel shows these on the filters, the rest here. */
export const FILTER_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(mapFiltersSchema.shape).filter((k) => k !== 'groups' && k !== 'lease_event'),
);

/** Where a row opens: the property, or the scheme. */
export const pointHref = (p: Pick<MapPoint, 'kind' | 'id'>): string =>
  p.kind === 'scheme' ? `/schemes?id=${p.id}` : `/properties?id=${p.id}`;

/**
 * What a row says first, and the address under it: a scheme is its name; a unit in a scheme is
 * its number and the scheme; a shop on a street is its number and the street, with the rest of the
 * address below.
 */
export const pointLines = (p: MapPoint): { title: string; address: string } => {
  const address = p.full_address ?? p.town ?? '';
  if (p.kind === 'scheme') return { title: p.name || 'Scheme', address };
  if (p.scheme) return { title: [p.name, p.scheme.name].filter(Boolean).join(', '), address };
  const [street = '', ...rest] = address.split(', ');
  const title = [p.name, street].filter(Boolean).join(' ') || 'Property';
  return { title, address: street ? rest.join(', ') : address };
};

export interface InViewListProps {
  /** The settled viewport, listed when there is no area. */
  bbox: Bbox | null;
  /** An area to list instead of the viewport. */
  area: MapSearchArea | null;
  groups: MapGroup[];
  filters: MapFilterState;
  sort: MapPointSort;
  /** The 422 messages that belong to the filters ({} when none). */
  onFilterErrors: (errors: Record<string, string>) => void;
  /** What the list is of, for its accessible name ("In view", "In the area"). */
  label: string;
}

/**
 * The points of the viewport (or of an area), filtered as the map is, 25 a page from the server:
 * unit or scheme, address, tenant with its verification dot, rent and lease end. Each row opens
 * the property or the scheme.
 */
export function InViewList({ bbox, area, groups, filters, sort, onFilterErrors, label }: InViewListProps) {
  const where = areaQuery(area, bbox);
  const query = where && groups.length ? pointsQuery(where, filterQuery(filters, groups), sort) : null;
  const identity = JSON.stringify(query);
  // A new viewport, area, filter or sort starts again at page 1.
  const [paging, setPaging] = useState({ identity, page: 1 });
  const page = paging.identity === identity ? paging.page : 1;
  const points = useMapPoints(query, page);

  const error = points.error instanceof ApiError ? points.error : null;
  const fieldErrors = error?.status === 422 ? error.fieldErrors : null;
  const filterErrors = JSON.stringify(
    Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([k]) => FILTER_FIELDS.has(k))),
  );
  useEffect(() => {
    onFilterErrors(JSON.parse(filterErrors) as Record<string, string>);
  }, [filterErrors, onFilterErrors]);
  useEffect(() => () => onFilterErrors({}), [onFilterErrors]);

  if (!groups.length) return <Empty text="Every marker group is off: turn one on to list what is in view." />;
  if (!where) return <Empty text="Move the map to list what is in view." />;
  if (fieldErrors) {
    const other = Object.entries(fieldErrors).filter(([k]) => !FILTER_FIELDS.has(k));
    return (
      <Alert severity="warning" sx={{ m: 1.5 }}>
        {other.length
          ? other.map(([, m]) => m).join(' ')
          : 'Check the filters: a lower bound is above its upper bound.'}
      </Alert>
    );
  }
  if (points.isError)
    return (
      <Alert severity="error" sx={{ m: 1.5 }}>
        The list could not be loaded.
      </Alert>
    );

  const rows = points.data?.data ?? [];
  const total = points.data?.meta.pagination.total ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box sx={{ height: 2 }}>
        {points.isFetching && <LinearProgress aria-label="Loading the list" sx={{ height: 2 }} />}
      </Box>
      {points.data && rows.length === 0 ? (
        <Empty text={area ? 'Nothing matches inside the area.' : 'Nothing matches in view.'} />
      ) : (
        <Box
          component="ul"
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flex: 1 }}
        >
          {rows.map((p) => (
            <PointRow key={`${p.kind}-${p.id}`} point={p} />
          ))}
        </Box>
      )}
      {total > 0 && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={MAP_LIST_PAGE_SIZE}
          rowsPerPageOptions={[]}
          onPageChange={(_, p) => setPaging({ identity, page: p + 1 })}
          labelDisplayedRows={({ from, to, count }) =>
            `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${count.toLocaleString('en-GB')}`
          }
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            flexShrink: 0,
            '& .MuiTablePagination-toolbar': { minHeight: 40, pl: 1.5 },
          }}
        />
      )}
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 2 }}>
      {text}
    </Typography>
  );
}

const cell = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One dense row: what and where on the left, the money and the date on the right. */
function PointRow({ point: p }: { point: MapPoint }) {
  const rent = p.rent_pa ? `${formatMoney(p.rent_pa, p.currency)} pa` : '';
  const perSqFt = p.rent_sqft ? `${formatMoney(p.rent_sqft, p.currency)}/sq ft` : '';
  const { title, address } = pointLines(p);
  const who = p.tenant
    ? p.tenant.name
    : p.kind === 'scheme'
      ? MAP_GROUP_LABELS[p.group]
      : p.vacant
        ? 'Vacant'
        : '';
  return (
    <Box component="li" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Link
        component={RouterLink}
        to={pointHref(p)}
        underline="none"
        color="inherit"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 1.5,
          px: 1.5,
          py: 0.75,
          '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography variant="body2" color="primary" sx={{ ...cell, fontWeight: 500 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
          {rent}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={cell}>
          {address}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {perSqFt}
        </Typography>
        <Typography
          variant="caption"
          component="div"
          sx={{ ...cell, display: 'flex', alignItems: 'center', gap: 0.5 }}
          color={p.tenant ? 'text.primary' : 'text.secondary'}
        >
          {p.tenant && <VerificationIndicator company={p.tenant} size={8} />}
          <Box component="span" sx={cell}>
            {who}
          </Box>
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
        >
          {p.lease_end_date ? `Lease end ${formatDate(p.lease_end_date)}` : ''}
        </Typography>
      </Link>
    </Box>
  );
}
