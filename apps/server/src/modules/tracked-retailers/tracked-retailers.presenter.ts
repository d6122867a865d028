import type {
  RetailerStore,
  RetailerTimelineEvent,
  TrackedRetailer,
  TrackedRetailerDetail,
} from '@frontage/shared';
import { logoUrl } from '../companies/companies.presenter';
import type { RetailerRow, StoreRow } from './tracked-retailers.repository';
import type { TimelineRow } from './timeline.repository';

/** A timestamp read by either driver (a Date, or text) as ISO 8601. */
export const isoOf = (v: Date | string | null): string | null =>
  v === null ? null : new Date(v).toISOString();
/** A date read by either driver as 'yyyy-mm-dd' (never shifted). */
export const dayOf = (v: Date | string | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const presentRetailer = (r: RetailerRow): TrackedRetailer => ({
  id: Number(r.id),
  name: r.name,
  core_id: r.core_id,
  categories: (typeof r.categories === 'string'
    ? JSON.parse(r.categories)
    : r.categories) as TrackedRetailer['categories'],
  is_verified: r.is_verified,
  verified_at: isoOf(r.verified_at),
  stores: Number(r.store_count),
  openings: Number(r.openings),
  closures: Number(r.closures),
  store_changed_at: isoOf(r.store_changed_at),
});

export const presentRetailerDetail = (r: RetailerRow): TrackedRetailerDetail => ({
  ...presentRetailer(r),
  domain: r.domain,
  phone: r.phone,
  logo: logoUrl({ id: Number(r.id), logo_etag: r.logo_etag }),
});

export const presentStore = (s: StoreRow): RetailerStore => ({
  property_id: Number(s.property_id),
  full_address: s.full_address,
  town: s.town,
  post_code: s.post_code,
  scheme: s.scheme_id === null ? null : { id: Number(s.scheme_id), name: s.scheme_name ?? '' },
  lat: num(s.lat),
  lng: num(s.lng),
  since: dayOf(s.since),
  lease_end_date: dayOf(s.lease_end_date),
  break_date: dayOf(s.break_date),
});

export const presentTimelineEvent = (t: TimelineRow): RetailerTimelineEvent => ({
  kind: t.kind,
  date: dayOf(t.on_date)!,
  property: { id: Number(t.property_id), full_address: t.full_address, town: t.town },
  from_property:
    t.from_property_id === null
      ? null
      : { id: Number(t.from_property_id), full_address: t.from_full_address, town: t.from_town },
  deal:
    t.deal_id === null
      ? null
      : {
          id: Number(t.deal_id),
          deal_type: t.deal_type as NonNullable<RetailerTimelineEvent['deal']>['deal_type'],
        },
  other_company: t.other_id === null ? null : { id: Number(t.other_id), name: t.other_name ?? '' },
});
