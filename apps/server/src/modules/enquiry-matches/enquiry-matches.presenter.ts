import type { EnquiryMatch, EnquiryStage, PropertyEnquiryMatch } from '@frontage/shared';
import type { EnquiryMatchRow, UnitMatchRow } from './enquiry-matches.repository';

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export const presentUnitMatch = (r: UnitMatchRow): EnquiryMatch => ({
  id: r.id,
  building_num: r.building_num,
  full_address: r.full_address,
  town: r.town,
  scheme: ref(r.scheme_id, r.scheme_name),
  area: r.area === null ? null : Number(r.area),
  rent_pa: r.rent_pa,
  currency: r.currency,
  tenant:
    r.tenant_id === null
      ? null
      : {
          id: r.tenant_id,
          name: r.tenant_name ?? '',
          is_verified: r.tenant_is_verified ?? false,
          verified_at: r.tenant_verified_at === null ? null : new Date(r.tenant_verified_at).toISOString(),
        },
  vacant: r.vacant,
  lease_end_date: r.lease_end_date,
  break_date: r.break_date,
  distance_miles: round2(r.distance_miles),
});

/** What an enquiry is on: the unit's number and address, else the scheme's name. */
export const subjectOf = (
  r: Pick<EnquiryMatchRow, 'building_num' | 'full_address' | 'scheme_name'>,
): string =>
  r.full_address !== null
    ? [r.building_num?.trim(), r.full_address].filter(Boolean).join(', ')
    : (r.scheme_name ?? '');

export const presentEnquiryMatch = (r: EnquiryMatchRow): PropertyEnquiryMatch => ({
  id: r.id,
  company: ref(r.company_id, r.company_name),
  contact: ref(r.contact_id, r.contact_name),
  stage: r.stage as EnquiryStage,
  size_from: r.size_from === null ? null : Number(r.size_from),
  size_to: r.size_to === null ? null : Number(r.size_to),
  rent_from: r.rent_from,
  rent_to: r.rent_to,
  received_at: r.received_at,
  subject: subjectOf(r),
});
