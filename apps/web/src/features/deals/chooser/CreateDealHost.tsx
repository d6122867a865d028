import { useSearchParams } from 'react-router';
import type { Property } from '@frontage/shared';
import {
  createDealTargetOf,
  withChosenDealWizard,
  withCreateDeal,
  withoutCreateDeal,
  type CreateDealTarget,
} from '../../../entities/deals/links';
import { propertyLabel } from '../../../entities/properties/PropertyPicker';
import { useProperty } from '../../../entities/properties/api';
import { useScheme } from '../../../entities/schemes/api';
import { CreateDealChooser } from './CreateDealChooser';
import type { ChooserOption, ChooserSubject } from './options';

/** A property as the chooser's title names it: its unit and address, as the pickers show it. */
export const propertySubject = (p: Pick<Property, 'id' | 'building_num' | 'address' | 'scheme'>) =>
  ({
    kind: 'property',
    id: p.id,
    label: propertyLabel({
      id: p.id,
      building_num: p.building_num,
      scheme_id: p.scheme?.id ?? null,
      scheme: null,
      tenant: null,
      address: { full_address: p.address?.full_address ?? '' },
    }),
  }) satisfies ChooserSubject;

/**
 * The open Create Deal chooser, read from the route (`?create_deal=property:12`, ADR 0049) and
 * rendered once by the shell beside the deal wizard host. Choosing replaces the chooser with the
 * wizard's URL, so Back from the wizard returns to the page, not to the chooser. A new tenant the
 * chooser was opened with (`deal_tenant`, a completed enquiry's company) goes on to a letting's or
 * sub-letting's wizard, which prefills it.
 */
export function CreateDealHost() {
  const [params, setParams] = useSearchParams();
  const target = createDealTargetOf(params);
  if (!target) return null;
  const key = withCreateDeal(new URLSearchParams(), target).toString();
  return (
    <OpenChooser
      key={key}
      target={target}
      onClose={() => setParams((p) => withoutCreateDeal(p), { replace: true })}
      onChoose={(o) => setParams((p) => withChosenDealWizard(p, o.type, o.place), { replace: true })}
    />
  );
}

interface OpenProps {
  target: CreateDealTarget;
  onClose: () => void;
  onChoose: (o: ChooserOption) => void;
}

function OpenChooser({ target, onClose, onChoose }: OpenProps) {
  const property = useProperty(target.kind === 'property' ? target.id : null);
  const scheme = useScheme(target.kind === 'scheme' ? target.id : null);
  const subject: ChooserSubject | null | undefined =
    target.kind === 'property'
      ? property.data
        ? propertySubject(property.data)
        : property.isError
          ? null
          : undefined
      : scheme.data
        ? { kind: 'scheme', id: scheme.data.id, label: scheme.data.name }
        : scheme.isError
          ? null
          : undefined;
  return <CreateDealChooser subject={subject} kind={target.kind} onChoose={onChoose} onClose={onClose} />;
}
