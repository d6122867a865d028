import type { DealType } from '@frontage/shared';
import { DealWizard } from './wizard/DealWizard';
import { DEAL_WIZARDS } from './wizards';

/** The wizard of one deal type, loaded on first use (it brings the pickers and the comment editor). */
export default function OpenWizard(p: {
  type: DealType;
  onClose: () => void;
  property: { id: number; name: string } | null;
}) {
  const def = DEAL_WIZARDS[p.type];
  if (!def) return null;
  return <DealWizard definition={def} open onClose={p.onClose} property={p.property} />;
}
