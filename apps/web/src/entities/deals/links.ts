import type { Deal, DealType } from '@frontage/shared';

/**
 * A deal wizard opens from the URL (spec B §2): `deal` names the wizard, and the optional
 * `property_id` and `name` preselect and lock the property. Any screen can offer a wizard with a
 * plain link, and the browser's Back closes it.
 */
export const DEAL_PARAM = 'deal';
/** The deal types whose wizard is built: all six. */
export const WIZARD_TYPES: readonly DealType[] = [
  'sale',
  'new_letting',
  'subletting',
  'rent_review',
  'lease_renewal',
  'tracked_retailer',
];
export const PROPERTY_ID_PARAM = 'property_id';
export const PROPERTY_NAME_PARAM = 'name';
/**
 * A scheme the wizard works on: a sale of the scheme preselects it; a letting or
 * sub-letting searches that scheme's units only. `name` then carries the scheme's label.
 */
export const SCHEME_ID_PARAM = 'scheme_id';

/** What a wizard link may name: a property, or a scheme. */
export type DealPlaceRef = { id: number; name: string; kind?: 'property' | 'scheme' };

/** The current search with a wizard opened on it (for a given property, when passed). */
export const withDealWizard = (
  search: URLSearchParams,
  type: DealType,
  place?: DealPlaceRef,
): URLSearchParams => {
  const next = new URLSearchParams(search);
  next.set(DEAL_PARAM, type);
  if (place) {
    next.delete(place.kind === 'scheme' ? PROPERTY_ID_PARAM : SCHEME_ID_PARAM);
    next.set(place.kind === 'scheme' ? SCHEME_ID_PARAM : PROPERTY_ID_PARAM, String(place.id));
    next.set(PROPERTY_NAME_PARAM, place.name);
  }
  return next;
};

/** The search with the wizard and its preselection removed (closing it). */
export const withoutDealWizard = (search: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const p of [
    DEAL_PARAM,
    PROPERTY_ID_PARAM,
    SCHEME_ID_PARAM,
    PROPERTY_NAME_PARAM,
    DEAL_TENANT_PARAM,
    EDIT_DEAL_PARAM,
  ])
    next.delete(p);
  return next;
};

/**
 * Correcting a deal (ADR 0077): its wizard opens on its place with `edit_deal=<id>`, prefilled
 * from the deal, and Finish sends PUT /api/deals/{id}.
 */
export const EDIT_DEAL_PARAM = 'edit_deal';

/** The current search with a deal's wizard opened to correct it. */
export const withDealEdit = (search: URLSearchParams, deal: Deal): URLSearchParams => {
  const place: DealPlaceRef = deal.property
    ? {
        id: deal.property.id,
        name: [deal.property.building_num, deal.property.full_address].filter(Boolean).join(' '),
        kind: 'property',
      }
    : { id: deal.scheme!.id, name: deal.scheme!.name, kind: 'scheme' };
  const next = withDealWizard(search, deal.deal_type, place);
  next.set(EDIT_DEAL_PARAM, String(deal.id));
  return next;
};

/**
 * The Create Deal chooser (spec B §2) opens from the URL too (ADR 0049): `?create_deal=property:12`
 * or `?create_deal=scheme:5`. The property view, the scheme view, an enquiry's completion question
 * and the map all open it with a plain link; the shell's host reads the record and offers its
 * deal types. Back closes it.
 */
export const CREATE_DEAL_PARAM = 'create_deal';

/**
 * The new tenant a deal created from an enquiry starts with (a completed enquiry's
 * company, ADR 0051); the chooser passes it on to the wizard it opens.
 */
export const DEAL_TENANT_PARAM = 'deal_tenant';

/** The wizards that take a new tenant from an enquiry: the letting and the sub-letting (ADR 0051). */
export const TENANT_PREFILL_TYPES: readonly DealType[] = ['new_letting', 'subletting'];

/** The new tenant named by the URL (`deal_tenant=<company id>`), or null. */
export const dealTenantOf = (search: URLSearchParams): number | null => {
  const m = /^[1-9]\d{0,9}$/.exec(search.get(DEAL_TENANT_PARAM) ?? '');
  return m ? Number(m[0]) : null;
};

/**
 * The search with a wizard opened from the chooser: a letting or sub-letting keeps the new tenant
 * the chooser was opened with; any other wizard drops it.
 */
export const withChosenDealWizard = (
  search: URLSearchParams,
  type: DealType,
  place: DealPlaceRef,
): URLSearchParams => {
  const tenant = dealTenantOf(search);
  const next = withDealWizard(withoutCreateDeal(search), type, place);
  if (tenant && TENANT_PREFILL_TYPES.includes(type)) next.set(DEAL_TENANT_PARAM, String(tenant));
  return next;
};

/** The record a deal is created for (and, from an enquiry, its new tenant). */
export interface CreateDealTarget {
  kind: 'property' | 'scheme';
  id: number;
  tenantId?: number | null;
}

/** The target named by the URL, or null when none (or a malformed one) is. */
export const createDealTargetOf = (search: URLSearchParams): CreateDealTarget | null => {
  const m = /^(property|scheme):([1-9]\d{0,9})$/.exec(search.get(CREATE_DEAL_PARAM) ?? '');
  return m ? { kind: m[1] as CreateDealTarget['kind'], id: Number(m[2]) } : null;
};

/** The current search with the chooser opened for a property or a scheme. */
export const withCreateDeal = (search: URLSearchParams, target: CreateDealTarget): URLSearchParams => {
  const next = new URLSearchParams(search);
  next.set(CREATE_DEAL_PARAM, `${target.kind}:${target.id}`);
  if (target.tenantId) next.set(DEAL_TENANT_PARAM, String(target.tenantId));
  else next.delete(DEAL_TENANT_PARAM);
  return next;
};

/** The search with the chooser closed (and the new tenant it carried forgotten). */
export const withoutCreateDeal = (search: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(search);
  next.delete(CREATE_DEAL_PARAM);
  next.delete(DEAL_TENANT_PARAM);
  return next;
};
