import type { DealType } from '@frontage/shared';
import type { DealPlaceRef } from '../../../entities/deals/links';

/** One choice of the Create Deal chooser: its label, the wizard it opens and on what. */
export interface ChooserOption {
  label: string;
  type: DealType;
  place: DealPlaceRef;
}

/** What the chooser is for: a property (with its scheme, when it is a unit of one) or a scheme. */
export type ChooserSubject =
  | { kind: 'property'; id: number; label: string; scheme: { id: number; name: string } | null }
  | { kind: 'scheme'; id: number; label: string };

/** The label of the chooser's title. */
export const CREATE_DEAL_TITLE = (label: string) => `Create Deal for ${label}`;

/**
 * The chooser's options (spec B §2) and the wizard each opens (ADR 0049). For a property: Sale only
 * when it is a unit of a scheme, and then the sale of that scheme (the sale wizard's property mode
 * searches standalone properties only, so a unit is sold with its scheme); Letting and
 * Sub-Letting/Assignment on the property itself. For a scheme: Sales of the scheme, and Letting and
 * Sub-Letting/Assignment searching that scheme's units.
 */
export const chooserOptions = (s: ChooserSubject): ChooserOption[] => {
  const self: DealPlaceRef = { kind: s.kind, id: s.id, name: s.label };
  if (s.kind === 'scheme')
    return [
      { label: 'Sales', type: 'sale', place: self },
      { label: 'Letting', type: 'new_letting', place: self },
      { label: 'Sub-Letting/Assignment', type: 'subletting', place: self },
    ];
  return [
    ...(s.scheme
      ? [
          {
            label: 'Sale',
            type: 'sale' as const,
            place: { kind: 'scheme' as const, id: s.scheme.id, name: s.scheme.name },
          },
        ]
      : []),
    { label: 'Letting', type: 'new_letting', place: self },
    { label: 'Sub-Letting/Assignment', type: 'subletting', place: self },
  ];
};
