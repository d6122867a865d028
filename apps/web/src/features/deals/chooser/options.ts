import type { DealType } from '@frontage/shared';
import type { DealPlaceRef } from '../../../entities/deals/links';

/** One choice of the Create Deal chooser: its label, the wizard it opens and on what. */
export interface ChooserOption {
  label: string;
  type: DealType;
  place: DealPlaceRef;
}

/** What the chooser is for: a property (a standalone one or a unit of a scheme) or a scheme. */
export type ChooserSubject =
  { kind: 'property'; id: number; label: string } | { kind: 'scheme'; id: number; label: string };

/** The label of the chooser's title. */
export const CREATE_DEAL_TITLE = (label: string) => `Create Deal for ${label}`;

/**
 * The chooser's options (spec B §2) and the wizard each opens (ADR 0049, ADR 0080). For a property:
 * Sale, Letting and Sub-Letting/Assignment, each on the property itself — a unit of a scheme is
 * sold on its own, its landlord side only, and a standalone property is sold from its page too.
 * For a scheme: Sales of the whole scheme, and Letting and Sub-Letting/Assignment searching that
 * scheme's units.
 */
export const chooserOptions = (s: ChooserSubject): ChooserOption[] => {
  const self: DealPlaceRef = { kind: s.kind, id: s.id, name: s.label };
  return [
    { label: s.kind === 'scheme' ? 'Sales' : 'Sale', type: 'sale', place: self },
    { label: 'Letting', type: 'new_letting', place: self },
    { label: 'Sub-Letting/Assignment', type: 'subletting', place: self },
  ];
};
