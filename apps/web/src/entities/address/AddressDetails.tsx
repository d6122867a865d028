import type { ReactNode } from 'react';
import type { Address } from '@frontage/shared';
import { Detail, DetailCard } from '../../components/DetailList';

/**
 * The Address card of a property or scheme view: the stored address, each line marked when it has
 * an unverified change. `before` / `after` hold the record's own rows (a unit's Unit and Scheme).
 */
export function AddressDetails({
  address,
  unverified,
  before,
  after,
}: {
  address: Address | null | undefined;
  unverified: (field: string) => boolean;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const a = address;
  const line = (field: keyof Address & string, label: string) => (
    <Detail label={label} unverified={unverified(field)}>
      {a?.[field] as ReactNode}
    </Detail>
  );
  return (
    <DetailCard title="Address">
      {before}
      {line('street', 'Street')}
      {line('street2', 'Street 2')}
      {line('city', 'City')}
      {line('region', 'Region')}
      {line('post_code', 'Post Code')}
      {line('country', 'Country')}
      {a?.notes ? line('notes', 'Notes') : null}
      {after}
    </DetailCard>
  );
}
