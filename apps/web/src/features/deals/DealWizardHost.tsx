import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEAL_MENU, isAdmin, type DealType } from '@frontage/shared';
import {
  DEAL_PARAM,
  dealTenantOf,
  EDIT_DEAL_PARAM,
  PROPERTY_ID_PARAM,
  PROPERTY_NAME_PARAM,
  SCHEME_ID_PARAM,
  WIZARD_TYPES,
  type DealPlaceRef,
  withDealWizard,
  withoutDealWizard,
} from '../../entities/deals/links';
import { useCurrentUser } from '../../lib/session';

const OpenWizard = lazy(() => import('./OpenWizard'));

/** Whether the user may open this deal type's wizard (built, and admin-only ones for admins). */
export const useCanOpenDeal = (): ((type: DealType) => boolean) => {
  const user = useCurrentUser();
  return (type) =>
    WIZARD_TYPES.includes(type) && (!DEAL_MENU.find((d) => d.type === type)?.adminOnly || isAdmin(user));
};

/** Opens a wizard on the current route (keeping its property_id and name, if it has them). */
export const useOpenDealWizard = (): ((type: DealType) => void) => {
  const [, setParams] = useSearchParams();
  return useCallback((type) => setParams((p) => withDealWizard(p, type)), [setParams]);
};

/** A positive whole id from the route, else null. */
const idParam = (text: string | null): number | null => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The open deal wizard, read from the route (spec B §2): `?deal=` names it and the optional
 * `property_id` and `name` preselect and lock the property; `scheme_id` and `name` preselect and
 * lock a sale's scheme, or limit another wizard's search to the scheme's units;
 * `deal_tenant` names a letting's or sub-letting's new tenant (a completed enquiry's company).
 * Rendered once by the shell.
 */
export function DealWizardHost() {
  const [params, setParams] = useSearchParams();
  const canOpen = useCanOpenDeal();
  const type = params.get(DEAL_PARAM) as DealType | null;
  const propertyId = idParam(params.get(PROPERTY_ID_PARAM));
  const schemeId = idParam(params.get(SCHEME_ID_PARAM));
  const name = params.get(PROPERTY_NAME_PARAM) ?? '';
  const tenantId = dealTenantOf(params);
  const editId = idParam(params.get(EDIT_DEAL_PARAM));
  const place = useMemo<DealPlaceRef | null>(
    () =>
      propertyId
        ? { id: propertyId, name, kind: 'property' }
        : schemeId
          ? { id: schemeId, name, kind: 'scheme' }
          : null,
    [propertyId, schemeId, name],
  );
  if (!type || !canOpen(type)) return null;
  return (
    <Suspense fallback={null}>
      <OpenWizard
        key={`${type}:${editId ?? ''}`}
        type={type}
        onClose={() => setParams((p) => withoutDealWizard(p))}
        place={place}
        tenantId={tenantId}
        editId={editId}
      />
    </Suspense>
  );
}
