import { SCHEME_PARTY_LIST_NAMES, type Scheme, type SchemeUnit } from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import { presentAddress } from '../addresses/addresses.presenter';
import type { PartyLists } from '../properties/parties.repository';
import {
  addPartyLists,
  presentArchive,
  verifiableTenantOf,
  type ArchiveExtras,
} from '../properties/properties.presenter';
import type { LoadedScheme, UnitRow } from './schemes.repository';

export const presentUnit = (u: UnitRow): SchemeUnit => ({
  id: u.id,
  building_num: u.building_num,
  tenant: verifiableTenantOf(u.tenant_id, u.tenant_name, u.tenant_is_verified, iso(u.tenant_verified_at)),
  address: { full_address: u.full_address ?? '' },
  lease_end_date: u.lease_end_date,
  rent_pa: u.rent_pa,
  currency: u.currency,
});

export interface SchemeExtras {
  include: Set<string> | 'all';
  parties?: PartyLists | undefined;
  units?: UnitRow[] | undefined;
  unitCount?: number | undefined;
  history?: { count: number; columns: string[] } | undefined;
  /** The single read's: who archived it by name, its owner company (ADR 0078). */
  archive?: ArchiveExtras | undefined;
}

/**
 * The spec's scheme load names relations loosely: `agents` means the landlord agents, `contacts`
 * both contact lists; the exact list names work too.
 */
const ALIASES: Record<string, string[]> = {
  landlord_agents: ['agents'],
  landlord_agent_contacts: ['agents', 'contacts'],
  landlord_contacts: ['contacts'],
};

export const presentScheme = (l: LoadedScheme, x: SchemeExtras): Scheme => {
  const s = l.s;
  const has = (name: string) => x.include === 'all' || x.include.has(name);
  const wants = (name: string) => has(name) || (ALIASES[name] ?? []).some(has);
  const out: Scheme = {
    id: s.id,
    entity_type: 'scheme',
    name: s.name,
    type: s.type,
    opened_at: s.opened_at,
    car_spaces: s.car_spaces,
    is_under_construction: s.is_under_construction,
    reason: s.reason,
    address_id: s.address_id,
    created_at: isoRequired(s.created_at),
    updated_at: isoRequired(s.updated_at),
    address: presentAddress(l.a),
    ...presentArchive(s, x.archive),
  };
  addPartyLists(out, x.parties, SCHEME_PARTY_LIST_NAMES, wants);
  if (has('files')) out.files = [];
  if (has('properties') || has('tenant')) out.properties = (x.units ?? []).map(presentUnit);
  if (has('properties_count') || x.include === 'all')
    out.properties_count = x.unitCount ?? x.units?.length ?? 0;
  if (x.include === 'all') {
    out.unverified_history_count = x.history?.count ?? 0;
    out.unverified_history_columns = x.history?.columns ?? [];
  }
  return out;
};
