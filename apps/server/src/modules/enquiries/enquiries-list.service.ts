/**
 * GET /api/enquiries and GET /api/enquiries/export (ADR 0050): every enquiry, filtered,
 * sorted and paged on the server, and the same filters as a streamed CSV file.
 */
import {
  ENQUIRY_STAGE_LABELS,
  REASON_LABELS,
  type Actor,
  type Enquiry,
  type EnquirySort,
  type EnquiryStage,
  type Page,
  type Reason,
  type enquiryExportQuerySchema,
  type enquiryListQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import {
  EXPORT_BATCH,
  csvStream,
  exportFileName,
  formatUkDate,
  linesOfIdBatches,
  type CsvExport,
} from '../../lib/csv';
import { offsetOf, toPage } from '../../lib/page';
import { ukDay } from '../properties/properties.export';
import { searchWords } from '../search/words';
import * as repo from './enquiries-list.repository';
import { commentsByEnquiry, presentEnquiry } from './enquiries.presenter';
import { includeOf } from './enquiries.service';

type ListQuery = z.output<typeof enquiryListQuerySchema>;
type ExportQuery = z.output<typeof enquiryExportQuerySchema>;

/**
 * The query's filters for `actor`: `mine` is what they recorded, `my_company` what anyone of their
 * company recorded (a user of no company: what they recorded).
 */
export const filtersOf = (q: ExportQuery | ListQuery, actor: Actor): repo.EnquiryFilters => {
  const company = q.my_company && !q.mine ? actor.company_id : null;
  return {
    property_id: q.property_id,
    scheme_id: q.scheme_id,
    stage: q.stage?.length ? q.stage : undefined,
    reason: q.reason?.length ? q.reason : undefined,
    company_id: q.company_id,
    user_id: q.user_id,
    town: q.town || undefined,
    // A blank `q` is no filter; a `q` of only punctuation has no words and finds nothing.
    words: q.q ? searchWords(q.q) : undefined,
    text: q.q || undefined,
    received_from: q.received_from,
    received_to: q.received_to,
    created_by: q.mine || (q.my_company && company === null) ? actor.id : undefined,
    creator_company_id: company ?? undefined,
  };
};

/** GET /api/enquiries: one page in the sort's order; its rows, then its comments, one query each. */
export const list = async (deps: ServiceDeps, actor: Actor, q: ListQuery): Promise<Page<Enquiry>> => {
  const { page, per_page: perPage } = q;
  const include = includeOf(q.include);
  const { ids, total } = await repo.listEnquiryIds(
    deps.db,
    filtersOf(q, actor),
    q.sort as EnquirySort,
    perPage,
    offsetOf(page, perPage),
  );
  const [rows, comments] = await Promise.all([
    repo.enquiryRows(deps.db, ids),
    include.has('comments') ? repo.commentsOf(deps.db, ids) : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byEnquiry = commentsByEnquiry(comments);
  const data = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentEnquiry(r, actor, include, byEnquiry)] : [];
  });
  return toPage(data, { total, page, perPage });
};

export const ENQUIRY_EXPORT_COLUMNS = [
  'Received on',
  'Stage',
  'Reason',
  'Company',
  'Contact',
  'Property',
  'Scheme',
  'Town',
  'Size from (sq ft)',
  'Size to (sq ft)',
  'Rent from (GBP)',
  'Rent to (GBP)',
  'Recorded by',
  'Created on',
  'Updated on',
] as const;

/** A property as lists name it: its unit number before its address. */
const propertyText = (r: repo.EnquiryRow): string | null =>
  r.property_id === null ? null : [r.building_num, r.full_address].filter(Boolean).join(' ') || null;

const areaText = (v: string | null): string | number | null => (v === null ? null : Number(v));

/** Every enquiry matching the list's filters, in the list's order, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportEnquiries = async (
  deps: ServiceDeps,
  actor: Actor,
  q: ExportQuery,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const f = filtersOf(q, actor);
  const sort = q.sort as EnquirySort;
  const total = await repo.countEnquiries(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportEnquiryIds(deps.db, f, sort, batchSize),
      (ids) => repo.exportEnquiryRows(deps.db, ids),
      (r) => r.id,
      (r) => [
        ukDay(r.received_at),
        ENQUIRY_STAGE_LABELS[r.stage as EnquiryStage] ?? r.stage,
        REASON_LABELS[r.reason as Reason] ?? r.reason,
        r.company_name,
        r.contact_name,
        propertyText(r),
        r.scheme_name,
        r.town,
        areaText(r.size_from),
        areaText(r.size_to),
        r.rent_from,
        r.rent_to,
        r.creator_name,
        formatUkDate(new Date(r.created_at)),
        formatUkDate(new Date(r.updated_at)),
      ],
    );
  return {
    total,
    filename: exportFileName('enquiries', deps.now()),
    stream: csvStream(ENQUIRY_EXPORT_COLUMNS, batches, onError),
  };
};
