import { useState } from 'react';
import {
  Alert,
  Box,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MATCH_MEASURE_LABELS,
  MATCH_MEASURES,
  MATCH_RADIUS_DEFAULT,
  MATCH_RADIUS_MAX,
  MATCH_RADIUS_MIN,
  MATCH_SCOPE_LABELS,
  MATCH_SCOPES,
  formatDate,
  formatMoney,
  type EnquiryMatch,
  type MatchMeasure,
  type MatchScope,
  type Page,
} from '@frontage/shared';
import { EntityLink } from '../../components/DetailList';
import { ApiError, http } from '../../lib/http';
import { CompanyName } from '../companies/CompanyName';

const PER_PAGE = 10;

export interface EnquiryMatchParams {
  measure: MatchMeasure;
  scope?: MatchScope;
  radius_miles?: number;
  page: number;
  per_page: number;
}
type MatchPage = Page<EnquiryMatch> & {
  meta: { match: { scope: MatchScope; measure: MatchMeasure; radius_miles: number | null } };
};

/** GET /api/enquiries/{id}/matches (ADR 0053); refreshed with every enquiry write (refreshEnquiries). */
export const useEnquiryMatches = (enquiryId: number, params: EnquiryMatchParams) =>
  useQuery({
    queryKey: ['enquiry-matches', 'enquiry', enquiryId, params],
    queryFn: ({ signal }) =>
      http.get<MatchPage>(`/enquiries/${enquiryId}/matches`, { query: { ...params }, signal, quiet: true }),
    placeholderData: keepPreviousData,
  });

const fmtArea = (n: number | null) =>
  n === null ? '—' : `${n.toLocaleString('en-GB', { maximumFractionDigits: 0 })} sq ft`;

/** Vacant, or when it frees: the lease end and the break inside the window. */
export const availability = (m: EnquiryMatch): string => {
  if (m.vacant) return 'Vacant';
  const parts: string[] = [];
  if (m.lease_end_date) parts.push(`Lease ends ${formatDate(m.lease_end_date)}`);
  if (m.break_date) parts.push(`Break ${formatDate(m.break_date)}`);
  return parts.join(', ');
};

const unitLabel = (m: EnquiryMatch) =>
  [m.building_num, m.full_address].filter(Boolean).join(', ') || `Unit ${m.id}`;

/**
 * The units that fit an enquiry: vacant, or freeing within 12 months, in its
 * scheme, town or a radius, size on the chosen measure; vacant first, then soonest free, then
 * nearest the middle of the size range. Each unit links to its property. For the Edit Enquiry
 * dialog.
 */
export function EnquiryMatches({ enquiryId }: { enquiryId: number }) {
  const [measure, setMeasure] = useState<MatchMeasure>('nia_sqrt');
  const [scope, setScope] = useState<MatchScope | undefined>(undefined);
  const [miles, setMiles] = useState(String(MATCH_RADIUS_DEFAULT));
  const [page, setPage] = useState(0);
  const radius = Number(miles);
  const radiusValid = Number.isFinite(radius) && radius >= MATCH_RADIUS_MIN && radius <= MATCH_RADIUS_MAX;
  const q = useEnquiryMatches(enquiryId, {
    measure,
    ...(scope ? { scope } : {}),
    ...(scope === 'radius' && radiusValid ? { radius_miles: radius } : {}),
    page: page + 1,
    per_page: PER_PAGE,
  });
  const shownScope = scope ?? q.data?.meta.match.scope;
  const rows = q.data?.data ?? [];
  const total = q.data?.meta.pagination.total ?? 0;
  const error =
    q.error instanceof ApiError
      ? (Object.values(q.error.fieldErrors)[0] ?? 'The matching units could not be loaded.')
      : q.isError
        ? 'The matching units could not be loaded.'
        : null;

  return (
    <Box component="section" aria-label="Matching units">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Matching units
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label="Area measure"
          value={measure}
          onChange={(_e, v: MatchMeasure | null) => {
            if (v) {
              setMeasure(v);
              setPage(0);
            }
          }}
        >
          {MATCH_MEASURES.map((m) => (
            <ToggleButton key={m} value={m}>
              {MATCH_MEASURE_LABELS[m]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label="Where"
          value={shownScope ?? null}
          onChange={(_e, v: MatchScope | null) => {
            if (v) {
              setScope(v);
              setPage(0);
            }
          }}
        >
          {MATCH_SCOPES.map((s) => (
            <ToggleButton key={s} value={s}>
              {MATCH_SCOPE_LABELS[s]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {shownScope === 'radius' && (
          <TextField
            size="small"
            label="Miles"
            type="number"
            value={miles}
            onChange={(e) => {
              setMiles(e.target.value);
              setPage(0);
            }}
            error={!radiusValid}
            helperText={radiusValid ? undefined : `${MATCH_RADIUS_MIN} to ${MATCH_RADIUS_MAX} miles`}
            slotProps={{ htmlInput: { min: MATCH_RADIUS_MIN, max: MATCH_RADIUS_MAX, step: 0.5 } }}
            sx={{ width: 110 }}
          />
        )}
      </Box>
      {q.isPending ? (
        <Skeleton variant="rounded" height={64} aria-label="Loading matching units" />
      ) : error ? (
        <Alert severity="info">{error}</Alert>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No units match this enquiry.
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Units matching this enquiry">
              <TableHead>
                <TableRow>
                  <TableCell>Unit</TableCell>
                  <TableCell>Availability</TableCell>
                  <TableCell align="right">{MATCH_MEASURE_LABELS[measure]}</TableCell>
                  <TableCell align="right">Rent pa</TableCell>
                  <TableCell>Tenant</TableCell>
                  {shownScope === 'radius' && <TableCell align="right">Miles</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>
                      <EntityLink to={`/properties?id=${m.id}`}>{unitLabel(m)}</EntityLink>
                      {m.scheme && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {m.scheme.name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{availability(m)}</TableCell>
                    <TableCell align="right">{fmtArea(m.area)}</TableCell>
                    <TableCell align="right">{formatMoney(m.rent_pa, m.currency) || '—'}</TableCell>
                    <TableCell>{m.tenant ? <CompanyName company={m.tenant} /> : '—'}</TableCell>
                    {shownScope === 'radius' && (
                      <TableCell align="right">{m.distance_miles?.toFixed(1) ?? '—'}</TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > PER_PAGE && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={PER_PAGE}
              rowsPerPageOptions={[PER_PAGE]}
              onPageChange={(_e, p) => setPage(p)}
            />
          )}
        </>
      )}
    </Box>
  );
}
