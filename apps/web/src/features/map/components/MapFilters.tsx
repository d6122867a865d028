import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, InputAdornment, TextField } from '@mui/material';
import {
  DEBOUNCE_SEARCH_MS,
  areaFilterSchema,
  formatDate,
  moneyFilterSchema,
  parseTypedDate,
} from '@frontage/shared';
import { DateField } from '../../../components/fields/DateField';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import { useSettledText } from '../../../lib/useDebouncedValue';
import type { MapFilterState, NamedRef } from '../state';

type NumberKey = 'rent_sqft_min' | 'rent_sqft_max' | 'area_min' | 'area_max';

/** True when any filter is on. */
export const hasMapFilters = (f: MapFilterState): boolean =>
  Object.values(f).some((v) => v !== null && v !== undefined && v !== false && v !== '');

/** How many filters are on (a range counts once per bound). */
export const countMapFilters = (f: MapFilterState): number =>
  Object.values(f).filter((v) => v !== null && v !== undefined && v !== false && v !== '').length;

const ref = (r: { id: number; name: string } | null): NamedRef | null =>
  r ? { id: r.id, name: r.name } : null;
/**
 * Why a typed bound is refused, in the forms' words (packages/shared, ADR 0079): a rent is money, an
 * area a number of sq ft. Nothing typed is dropped: a refused bound is shown with its message and
 * not applied.
 */
const problemOf = (key: NumberKey, text: string): string | null => {
  if (!text.trim()) return null;
  const r = (key.startsWith('rent') ? moneyFilterSchema : areaFilterSchema).safeParse(text);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

/**
 * A typed value that applies once it has settled (useSettledText), and follows the saved value
 * when something else changes it (Clear filters, a saved area applied, the saved state loaded).
 */
function useFilterText(saved: string, apply: (text: string) => void): [string, (text: string) => void] {
  const applied = useRef(saved);
  const [text, setText] = useSettledText(
    saved,
    (t) => {
      applied.current = t;
      apply(t);
    },
    DEBOUNCE_SEARCH_MS,
  );
  useEffect(() => {
    if (saved !== applied.current) {
      applied.current = saved;
      setText(saved);
    }
  }, [saved, setText]);
  return [text, setText];
}

/** A date filter: typed dd/mm/yyyy, applied as yyyy-mm-dd once it is a real date (or emptied). */
function useDateText(saved: string | null | undefined, apply: (iso: string | null) => void) {
  const [text, setText] = useState(formatDate(saved ?? null));
  const applied = useRef(saved ?? null);
  useEffect(() => {
    if ((saved ?? null) !== applied.current) {
      applied.current = saved ?? null;
      setText(formatDate(saved ?? null));
    }
  }, [saved]);
  const change = (t: string) => {
    setText(t);
    const iso = t.trim() ? parseTypedDate(t) : null;
    if (t.trim() && !iso) return;
    applied.current = iso;
    apply(iso);
  };
  const reset = () => {
    applied.current = null;
    setText('');
  };
  return [text, change, reset] as const;
}

export interface MapFiltersProps {
  filters: MapFilterState;
  onFiltersChange: (filters: MapFilterState) => void;
  /** The server's 422 messages by query field (rent_sqft_max, lease_end_to, …). */
  errors?: Record<string, string>;
}

/**
 * The map's filters: tenant, landlord, scheme, vacant only, lease end between, rent per
 * sq ft and area (NIA, sq ft) ranges. They drive the clusters and the lists alike; typed numbers
 * apply once they settle, and a bound above its pair shows the server's message on the field. A
 * bound that is not a number, negative or too large shows the forms' message and is not applied.
 */
export function MapFilters({ filters, onFiltersChange, errors = {} }: MapFiltersProps) {
  // Patches apply to the newest filters even when two fields settle in the same tick.
  const latest = useRef(filters);
  useLayoutEffect(() => {
    latest.current = filters;
  }, [filters]);
  const patch = (p: Partial<MapFilterState>) => {
    latest.current = { ...latest.current, ...p };
    onFiltersChange(latest.current);
  };

  // A bound applies once it is valid; a refused one is left off (its message shows on the field).
  const bound = (key: NumberKey, t: string) => (t.trim() && !problemOf(key, t) ? t.trim() : null);
  const texts: Record<NumberKey, [string, (t: string) => void]> = {
    rent_sqft_min: useFilterText(filters.rent_sqft_min ?? '', (t) =>
      patch({ rent_sqft_min: bound('rent_sqft_min', t) }),
    ),
    rent_sqft_max: useFilterText(filters.rent_sqft_max ?? '', (t) =>
      patch({ rent_sqft_max: bound('rent_sqft_max', t) }),
    ),
    area_min: useFilterText(filters.area_min ?? '', (t) => patch({ area_min: bound('area_min', t) })),
    area_max: useFilterText(filters.area_max ?? '', (t) => patch({ area_max: bound('area_max', t) })),
  };
  const [fromText, setFrom, resetFrom] = useDateText(filters.lease_end_from, (iso) =>
    patch({ lease_end_from: iso }),
  );
  const [toText, setTo, resetTo] = useDateText(filters.lease_end_to, (iso) => patch({ lease_end_to: iso }));

  const numberField = (key: NumberKey, label: string, unit: string) => {
    const problem = problemOf(key, texts[key][0]);
    return (
      <TextField
        size="small"
        label={label}
        value={texts[key][0]}
        onChange={(e) => texts[key][1](e.target.value)}
        error={!!problem || !!errors[key]}
        helperText={problem ?? errors[key]}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: {
            endAdornment: (
              <InputAdornment position="end" sx={{ '& p': { fontSize: 12 } }}>
                {unit}
              </InputAdornment>
            ),
          },
        }}
      />
    );
  };

  const clear = () => {
    for (const k of Object.keys(texts) as NumberKey[]) texts[k][1]('');
    resetFrom();
    resetTo();
    latest.current = {};
    onFiltersChange({});
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Map filters"
      onSubmit={(e) => e.preventDefault()}
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25, alignItems: 'start' }}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <CompanyPicker
          label="Tenant"
          allowCreate={false}
          value={filters.tenant ?? null}
          onChange={(c) => patch({ tenant: ref(c) })}
          error={!!errors.tenant_id}
          helperText={errors.tenant_id}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <CompanyPicker
          label="Landlord"
          allowCreate={false}
          value={filters.landlord ?? null}
          onChange={(c) => patch({ landlord: ref(c) })}
          error={!!errors.landlord_id}
          helperText={errors.landlord_id}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <SchemeCombobox
          value={filters.scheme ?? null}
          onChange={(s) => patch({ scheme: ref(s) })}
          error={errors.scheme_id}
        />
      </Box>
      <DateField
        size="small"
        label="Lease end from"
        value={fromText}
        onChange={setFrom}
        error={!!errors.lease_end_from}
        helperText={errors.lease_end_from}
      />
      <DateField
        size="small"
        label="Lease end to"
        value={toText}
        onChange={setTo}
        error={!!errors.lease_end_to}
        helperText={errors.lease_end_to}
      />
      {numberField('rent_sqft_min', 'Rent min', '/sq ft')}
      {numberField('rent_sqft_max', 'Rent max', '/sq ft')}
      {numberField('area_min', 'Area min', 'sq ft')}
      {numberField('area_max', 'Area max', 'sq ft')}
      <FormControlLabel
        sx={{ ml: 0, mr: 0 }}
        control={
          <Checkbox
            size="small"
            checked={!!filters.vacant}
            onChange={(e) => patch({ vacant: e.target.checked || undefined })}
          />
        }
        label="Vacant only"
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', minHeight: 38 }}>
        <Button
          size="small"
          onClick={clear}
          disabled={!hasMapFilters(filters) && !hasTyped(texts) && !fromText && !toText}
        >
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}

const hasTyped = (texts: Record<NumberKey, [string, unknown]>) =>
  Object.values(texts).some(([t]) => t !== '');
