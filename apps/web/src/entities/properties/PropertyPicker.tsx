import { Box, Typography } from '@mui/material';
import { DEBOUNCE_SEARCH_MS, PAGE_SIZE_SEARCH, type PropertySimple } from '@frontage/shared';
import { EntityPicker, type PickerFieldProps, type PickerValueProps } from '../../components/EntityPicker';
import { http } from '../../lib/http';
import { CompanyName } from '../companies/CompanyName';
import { placeKeys } from './api';

/** What the property picker holds: a row of /api/properties/simple with a display name. */
export interface PropertyRef extends PropertySimple {
  name: string;
}

/** The unit as a user reads it: building number and address, then the scheme it is in. */
export const propertyLabel = (p: PropertySimple): string =>
  [p.building_num, p.address.full_address].filter(Boolean).join(' ') || `Property ${p.id}`;

type SimpleType = 'standalone' | 'scheme' | 'all';

/**
 * GET /api/properties/simple (spec B §7: q, per_page 50, include address,tenant,scheme; the sale
 * wizard also sends type=standalone). Failures stay quiet, like every picker's search.
 */
export const propertySearchOptions = (type: SimpleType, schemeId?: number) => (q: string) => ({
  queryKey: [...placeKeys.properties, 'simple', type, schemeId ?? null, q] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<PropertyRef[]> =>
    (
      await http.get<{ data: PropertySimple[] }>('/properties/simple', {
        query: {
          q: q.trim() || undefined,
          per_page: PAGE_SIZE_SEARCH,
          include: 'address,tenant,scheme',
          type: type === 'all' ? undefined : type,
          scheme_id: schemeId,
        },
        quiet: true,
        signal,
      })
    ).data.map((p) => ({ ...p, name: propertyLabel(p) })),
  staleTime: 10_000,
});

export type PropertyPickerProps = PickerFieldProps &
  PickerValueProps<PropertyRef> & {
    /** Only standalone units (the sale wizard) or only units in a scheme; all by default. */
    type?: SimpleType;
    /** Only the units of this scheme (a letting wizard opened on a scheme). */
    schemeId?: number;
  };

/**
 * Searchable property picker beside the company and contact pickers: debounced 500 ms (the
 * property search's delay), each option showing the address, the scheme and the tenant.
 * Properties are created by their own dialogs, so the picker offers no create button.
 */
export function PropertyPicker({
  type = 'all',
  schemeId,
  value,
  onChange,
  multiple,
  ...field
}: PropertyPickerProps) {
  const change = (next: PropertyRef | PropertyRef[] | null) =>
    multiple
      ? (onChange as (v: PropertyRef[]) => void)(next as PropertyRef[])
      : (onChange as (v: PropertyRef | null) => void)(next as PropertyRef | null);
  return (
    <EntityPicker<PropertyRef>
      label="Property"
      {...field}
      allowCreate={false}
      multiple={!!multiple}
      value={value}
      onValueChange={change}
      searchOptions={propertySearchOptions(type, schemeId)}
      debounceMs={DEBOUNCE_SEARCH_MS}
      noneFound="No properties found"
      createLabel=""
      createButtonLabel=""
      onCreateRequest={() => undefined}
      renderOption={(p) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {p.name}
          </Typography>
          {(p.scheme || p.tenant) && (
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="div"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
            >
              {p.scheme && <span>{p.scheme.name}</span>}
              {p.scheme && p.tenant && <span aria-hidden>·</span>}
              {/* The tenant with its retailer indicator, as wherever a retailer shows. */}
              {p.tenant && <CompanyName company={p.tenant} />}
            </Typography>
          )}
        </Box>
      )}
    />
  );
}
