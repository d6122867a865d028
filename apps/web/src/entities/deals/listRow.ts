import type { ReactNode } from 'react';
import type { DealListItem } from '@frontage/shared';
import { dealFigures } from './figures';

/** Where a row of GET /api/deals took place: the property (unit and address), else the scheme sold. */
export const dealPlaceOf = (
  d: Pick<DealListItem, 'property' | 'scheme'>,
): { to: string; name: string } | null =>
  d.property
    ? {
        to: `/properties?id=${d.property.id}`,
        name:
          [d.property.building_num, d.property.full_address].filter(Boolean).join(' ') ||
          `Property ${d.property.id}`,
      }
    : d.scheme
      ? { to: `/schemes?id=${d.scheme.id}`, name: d.scheme.name }
      : null;

/** A list row's key figures in one line (the list carries no previous rent). */
export const dealListFigures = (d: DealListItem): ReactNode => dealFigures({ ...d, prev_rent_pa: null });
