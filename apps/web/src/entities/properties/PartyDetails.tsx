import { PROPERTY_PARTY_LISTS, type PropertyPartyList } from '@frontage/shared';
import { Detail, partyChips } from '../../components/DetailList';

/** The landlord side, as a property and a scheme both carry it (spec B §3). */
export const LANDLORD_LISTS = [
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
] as const satisfies readonly PropertyPartyList[];
/** The tenant side's lists (the tenant and legal tenant themselves are single companies). */
export const TENANT_LISTS = [
  'tenant_agents',
  'tenant_agent_contacts',
  'tenant_contacts',
] as const satisfies readonly PropertyPartyList[];

const LABELS: Record<PropertyPartyList, string> = {
  landlords: 'Landlords',
  landlord_contacts: 'Landlord Contacts',
  landlord_agents: 'Landlord Agents',
  landlord_agent_contacts: 'Landlord Agent Contacts',
  tenant_agents: 'Tenant Agents',
  tenant_agent_contacts: 'Tenant Agent Contacts',
  tenant_contacts: 'Tenant Contacts',
};

type PartyRef = { id: number; name: string };

/** Detail rows for party lists: companies and contacts as chips linking to their pages. */
export function PartyDetails({
  record,
  lists,
  unverified,
}: {
  record: Partial<Record<PropertyPartyList, PartyRef[] | null | undefined>>;
  lists: readonly PropertyPartyList[];
  unverified: (field: string) => boolean;
}) {
  return (
    <>
      {lists.map((name) => (
        <Detail key={name} label={LABELS[name]} unverified={unverified(name)}>
          {partyChips(PROPERTY_PARTY_LISTS[name].kind, record[name])}
        </Detail>
      ))}
    </>
  );
}
