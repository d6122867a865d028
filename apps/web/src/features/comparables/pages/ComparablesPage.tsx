import { useState } from 'react';
import { Alert, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  COMPARABLE_PAGE_SIZES,
  DEAL_TYPES,
  DEBOUNCE_SEARCH_MS,
  type ComparableApplied,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { ListLayout } from '../../../components/ListLayout';
import { PageHeading } from '../../../components/PageHeading';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { useComparables, type ComparablesParams } from '../api';
import { ComparableFilters } from '../components/ComparableFilters';
import { ComparableStats } from '../components/ComparableStats';
import { ComparablesChart } from '../components/ComparablesChart';
import { ComparablesTable } from '../components/ComparablesTable';
import {
  EMPTY_FORM,
  formOf,
  formProblems,
  hasPlace,
  queryOf,
  type ComparableForm,
} from '../components/filterForm';

/** What /comparables keeps per user (ui-state `comparables`): the page size and the free filter. */
interface ComparablesUiState extends Record<string, unknown> {
  per_page: number;
  filters: ComparableForm;
}
const DEFAULT_STATE: ComparablesUiState = { per_page: 25, filters: EMPTY_FORM };

/** Drops saved values the page no longer accepts. */
const sanitize = (s: ComparablesUiState): ComparablesUiState => {
  const f = { ...EMPTY_FORM, ...(s.filters ?? {}) };
  const types = Array.isArray(f.types)
    ? f.types.filter((t) => (DEAL_TYPES as readonly string[]).includes(t))
    : [];
  return {
    per_page: (COMPARABLE_PAGE_SIZES as readonly number[]).includes(s.per_page) ? s.per_page : 25,
    filters: { ...f, types: types.length ? types : EMPTY_FORM.types },
  };
};

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

type Basis = { property_id: number } | { scheme_id: number } | null;

/**
 * /comparables (ADR 0047): the rent evidence around a property
 * (`?property_id=`), a scheme (`?scheme_id=`) or a town / post-code district, with the quartiles,
 * a chart of rent per sq ft over time and the deals, server-paged, exportable as CSV.
 */
export default function ComparablesPage() {
  const [params] = useSearchParams();
  const propertyId = idOf(params.get('property_id'));
  const schemeId = propertyId ? null : idOf(params.get('scheme_id'));
  const basis: Basis = propertyId ? { property_id: propertyId } : schemeId ? { scheme_id: schemeId } : null;
  const saved = useSavedUiState('comparables', DEFAULT_STATE, sanitize);
  return (
    <>
      <PageHeading title="Comparables" />
      {saved.ready && (
        <Comparables
          key={propertyId ? `p${propertyId}` : schemeId ? `s${schemeId}` : 'filter'}
          basis={basis}
          store={saved}
        />
      )}
    </>
  );
}

function BasisLine({
  applied,
  edited,
  onReset,
}: {
  applied: ComparableApplied;
  edited: boolean;
  onReset: () => void;
}) {
  const b = applied.basis;
  if (b.kind === 'filter') return null;
  const to = b.kind === 'property' ? `/properties?id=${b.id}` : `/schemes?id=${b.id}`;
  const defaults =
    b.kind === 'property'
      ? 'its post-code district (else its town), its NIA ± 50 % and the last 5 years'
      : 'its post-code district (else its town), its scheme type and the last 5 years';
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      Comparables for{' '}
      <Link component={RouterLink} to={to}>
        {b.label}
      </Link>
      {edited ? ', with your filters. ' : `: ${defaults}. `}
      {edited && (
        <Button size="small" onClick={onReset}>
          Back to its defaults
        </Button>
      )}
    </Typography>
  );
}

function Comparables({
  basis,
  store,
}: {
  basis: Basis;
  store: { state: ComparablesUiState; update: (p: Partial<ComparablesUiState>) => void };
}) {
  const perPage = store.state.per_page;
  const [form, setForm] = useState<ComparableForm | null>(basis ? null : store.state.filters);
  const [edited, setEdited] = useState(!basis);
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState<ComparableApplied | null>(null);
  const settled = useDebouncedValue(form, DEBOUNCE_SEARCH_MS);

  const ready = settled !== null && Object.keys(formProblems(settled)).length === 0 && hasPlace(settled);
  const filters: ComparablesParams | null = !edited ? { ...basis } : ready ? queryOf(settled) : null;
  const query = useComparables(filters && { ...filters, page, per_page: perPage });
  const data = query.data;

  // A property's or scheme's defaults fill the fields once known (set while rendering: React
  // re-renders at once, before the fields are painted empty).
  if (basis && !first && data) {
    setFirst(data.meta.applied);
    setForm(formOf(data.meta.applied));
  }

  const change = (patch: Partial<ComparableForm>) => {
    const next = { ...(form ?? EMPTY_FORM), ...patch };
    setForm(next);
    setEdited(true);
    setPage(1);
    if (!basis) store.update({ filters: next });
  };
  const reset = () => {
    setEdited(false);
    setPage(1);
    if (first) setForm(formOf(first));
  };

  const currency = data?.meta.applied.currency ?? form?.currency ?? 'GBP';
  const total = data?.meta.pagination.total;
  return (
    <>
      {first && <BasisLine applied={first} edited={edited} onReset={reset} />}
      <Alert severity="info" sx={{ mb: 1 }}>
        Only deals recorded in {currency} are compared: rents in other currencies are left out. Rent per sq ft
        is the deal&apos;s own when it agrees with its rent pa ÷ the property&apos;s NIA, else that figure;
        Zone A is rent pa ÷ ITZA where the ITZA is known; areas in sq m are converted to sq ft.
      </Alert>
      <ListLayout
        filtersLabel="Comparables filters"
        columns={3}
        filters={
          <ComparableFilters
            form={form ?? EMPTY_FORM}
            problems={form ? formProblems(form) : {}}
            onChange={change}
          />
        }
        summary={
          filters === null
            ? 'Choose a town or a post-code district to see comparable deals.'
            : total === undefined
              ? ''
              : `${total.toLocaleString('en-GB')} comparable ${total === 1 ? 'deal' : 'deals'}`
        }
        tools={
          filters && (
            <CsvExportButton path="/deals/comparables/export" query={filters} fileName="comparables.csv" />
          )
        }
      >
        {filters && data && (
          <>
            <ComparableStats stats={data.meta.stats} currency={currency} />
            <ComparablesChart
              series={data.meta.series}
              total={data.meta.series_total}
              median={data.meta.stats.rent_sqft.median}
              currency={currency}
            />
          </>
        )}
        <ComparablesTable
          rows={filters ? (data?.data ?? []) : []}
          total={filters ? (total ?? 0) : 0}
          loading={query.isFetching}
          paginationModel={{ page: page - 1, pageSize: perPage }}
          onPaginationModelChange={(m) => {
            if (m.pageSize !== perPage) {
              store.update({ per_page: m.pageSize });
              setPage(1);
            } else setPage(m.page + 1);
          }}
        />
      </ListLayout>
    </>
  );
}
