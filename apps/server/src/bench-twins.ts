/**
 * The bench's SQL twins: every statement `npm run bench` runs straight against
 * PostgreSQL beside an API row, exported from here and only here. The bench imports nothing else
 * from the server's modules (an ESLint zone says so), so a change to a hot query's shape is a
 * change to this list, and the raw-SQL figures always measure the SQL the server really sends.
 */
export {
  loadedSql,
  oneWithIncludesSql,
  pageByUpdateSql,
  simpleSearch,
  simpleSearchSql,
} from './modules/properties/properties.repository';
export {
  fuzzySql as companyFuzzySql,
  relevanceSql as companyRelevanceSql,
} from './modules/companies/companies.repository';
export {
  fuzzySql as contactFuzzySql,
  relevanceSql as contactRelevanceSql,
} from './modules/contacts/contacts.repository';
export { fuzzySql as globalFuzzySql, searchSql as globalSearchSql } from './modules/search/search.repository';
export {
  COMPANY_WORDS,
  CONTACT_WORDS,
  DRIVER_COUNT_CAP,
  PROPERTY_WORDS,
  fuzzyTerm,
  type WordSearch,
} from './modules/search/word-tables';
export {
  dealCountSql,
  dealFilterSql,
  dealOrderSql,
  dealPageSql,
  dealRowsSql,
  pageByDateSql,
} from './modules/deals/deals-list.repository';
export {
  enquiryCountSql,
  enquiryFilterSql,
  enquiryPageSql,
  enquiryRowsSql,
  enquiryStageCountSql,
} from './modules/enquiries/enquiries-list.repository';
// The dataset generator writes property_words rows as the trigger would (bulk COPY bypasses it).
export { chooseDriver, propertyWordRows, searchWords } from './modules/search/words';

/** What a rent review with its wizard's address and areas changes (the bench's generated values). */
export interface RentReviewTwinValues {
  propertyId: number;
  addressId: number;
  userId: number;
  effectiveDate: string;
  rentPa: string;
  rentSqft: string;
  nextReviewDate: string;
  niaSqft: number;
  itzaArea: number;
  groundFloorArea: number;
  street2: string;
}

/**
 * The deal engine's rent review with address and areas (ADR 0043) as plain SQL in one
 * transaction: the state before (property, its parties, its address), the deal, its tenant
 * parties, the history rows (source 'deal', the deal's id), the property and the address. The
 * answer's re-read of the deal (GET /api/deals/{id}'s shape) is not part of it.
 */
export const rentReviewTwinSql = (v: RentReviewTwinValues): Array<{ sql: string; params?: unknown[] }> => {
  const deal = `currval(pg_get_serial_sequence('deals', 'id'))`;
  return [
    { sql: 'begin' },
    { sql: 'select * from properties where id = $1', params: [v.propertyId] },
    {
      sql: 'select role, company_id, user_id, position from property_parties where property_id = $1 order by role, position',
      params: [v.propertyId],
    },
    { sql: 'select * from addresses where id = $1', params: [v.addressId] },
    {
      sql: `insert into deals (deal_type, property_id, effective_date, prev_rent_pa, prev_rent_sqft, rent_pa, rent_sqft,
                               next_review_date, currency, created_by, created_at)
            select 'rent_review', p.id, $2, p.rent_pa, p.rent_sqft, $3, $4, $5, p.currency, $6, now()
              from properties p where p.id = $1 returning id`,
      params: [v.propertyId, v.effectiveDate, v.rentPa, v.rentSqft, v.nextReviewDate, v.userId],
    },
    {
      sql: `insert into deal_parties (deal_id, role, company_id, position)
            select ${deal}, r.role, r.company_id, 0
              from properties p, lateral (values ('tenant', p.tenant_id), ('prev_tenant', p.tenant_id),
                                                 ('legal_tenant', p.legal_tenant_id), ('prev_legal_tenant', p.legal_tenant_id)) r(role, company_id)
             where p.id = $1 and r.company_id is not null`,
      params: [v.propertyId],
    },
    {
      sql: `insert into field_history (entity_type, entity_id, field, old_value, new_value, source, deal_id, user_id,
                                       verified, verified_by, verified_at, created_at)
            select c.entity_type, c.entity_id, c.field, c.old_value, c.new_value, 'deal', ${deal}, $1, true, $1, now(), now()
              from properties p join addresses a on a.id = p.address_id,
                   lateral (values ('property', p.id, 'rent_pa', to_jsonb(p.rent_pa::text), to_jsonb($3::text)),
                                   ('property', p.id, 'rent_sqft', to_jsonb(p.rent_sqft::text), to_jsonb($4::text)),
                                   ('property', p.id, 'next_review_date', to_jsonb(p.next_review_date::text), to_jsonb($5::text)),
                                   ('property', p.id, 'nia_sqrt', to_jsonb(p.nia_sqrt), to_jsonb($6::numeric)),
                                   ('property', p.id, 'itza_area', to_jsonb(p.itza_area), to_jsonb($7::numeric)),
                                   ('property', p.id, 'ground_floor_area', to_jsonb(p.ground_floor_area), to_jsonb($8::numeric)),
                                   ('address', a.id, 'street2', to_jsonb(a.street2), to_jsonb($9::text))
                           ) c(entity_type, entity_id, field, old_value, new_value)
             where p.id = $2 and c.old_value is distinct from c.new_value`,
      params: [
        v.userId,
        v.propertyId,
        v.rentPa,
        v.rentSqft,
        v.nextReviewDate,
        v.niaSqft,
        v.itzaArea,
        v.groundFloorArea,
        v.street2,
      ],
    },
    {
      sql: `update properties set rent_pa = $2, rent_sqft = $3, next_review_date = $4, nia_sqrt = $5, itza_area = $6,
                                  ground_floor_area = $7, updated_at = now() where id = $1`,
      params: [
        v.propertyId,
        v.rentPa,
        v.rentSqft,
        v.nextReviewDate,
        v.niaSqft,
        v.itzaArea,
        v.groundFloorArea,
      ],
    },
    {
      sql: 'update addresses set street2 = $2, updated_at = now() where id = $1',
      params: [v.addressId, v.street2],
    },
    { sql: 'commit' },
  ];
};
export {
  rowsSql as comparableRowsSql,
  summarySql as comparableSummarySql,
  type ComparableFilter,
} from './modules/deals/comparables.repository';
export {
  enquiryPlaceSql,
  unitMatchPageSql,
  type EnquiryPlace,
} from './modules/enquiry-matches/enquiry-matches.repository';
export { unitFilterOf } from './modules/enquiry-matches/enquiry-matches.service';
// The map's clusters (ADR 0054): the grid statement and the live aggregation, with the cell maths.
export { gridClustersSql, liveClustersSql } from './modules/map/map.repository';
export { CLUSTER_LEVEL_OFFSET, cellRange, levelOf, rangeBox } from './modules/map/map-cells';
export { mapFilterOf } from './modules/map/map-filter';
// Gap Analysis (ADR 0058): the retailer's read, then the ranked page, with the service's filter.
export { gapPageSql, retailerSql, type RetailerRow } from './modules/reports/gap-analysis.repository';
export { gapFilterOf } from './modules/reports/gap-analysis.service';
export {
  queueChangeIdsSql,
  queueCountSql,
  queueGroupsSql,
} from './modules/verification-queue/verification-queue.repository';
export { CHANGES_PER_GROUP } from './modules/verification-queue/verification-queue.service';
export { feedEventsSql, type FeedWindow } from './modules/lease-events/calendar-feed.repository';
export { feedWindowOf } from './modules/lease-events/calendar-feed.service';
export {
  leaseEventCountSql,
  leaseEventPageSql,
  type LeaseEventFilters,
} from './modules/lease-events/lease-events.repository';
export { portfolioPageSql } from './modules/company-record/portfolio.repository';
export { activitySql } from './modules/company-record/activity.repository';
export { companyExistsSql } from './modules/company-record/record.repository';
