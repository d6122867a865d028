import type { DealType } from '@frontage/shared';
import type { DealPlaceRef } from '../../entities/deals/links';
import { DealWizard } from './wizard/DealWizard';
import { DEAL_WIZARDS } from './wizards';

/** The wizard of one deal type, loaded on first use (it brings the pickers and the comment editor). */
export default function OpenWizard(p: {
  type: DealType;
  onClose: () => void;
  place: DealPlaceRef | null;
  tenantId?: number | null;
  /** A deal being corrected (ADR 0077). */
  editId?: number | null;
}) {
  return (
    <DealWizard
      definition={DEAL_WIZARDS[p.type]}
      open
      onClose={p.onClose}
      place={p.place}
      tenantId={p.tenantId ?? null}
      editId={p.editId ?? null}
    />
  );
}
