import type { Actor, Comment, Enquiry, EnquiryStage, Reason } from '@frontage/shared';
import { presentComment } from '../comments/comments.presenter';
import type { CommentWithUser } from '../comments/comments.repository';
import type { EnquiryRow } from './enquiries-list.repository';
import { canEditEnquiry } from './enquiries.policy';
import { withVersion } from '../versions/versions.service';

/** The relations a read may ask for (spec A §7); size, rent and size_from are always columns. */
export const RELATIONS = ['company', 'user', 'scheme', 'property', 'comments'] as const;
export const ALL_RELATIONS: ReadonlySet<string> = new Set(RELATIONS);

const num = (v: string | null): number | null => (v === null ? null : Number(v));

const COMMENT_EXTRAS = { include: new Set(['user']), links: new Map(), labels: new Map() };

/** The comments of a page, grouped by enquiry (already newest first). */
export const commentsByEnquiry = (rows: readonly CommentWithUser[]): Map<number, Comment[]> => {
  const out = new Map<number, Comment[]>();
  for (const r of rows) {
    const list = out.get(r.entity_id) ?? [];
    list.push(presentComment(r, COMMENT_EXTRAS));
    out.set(r.entity_id, list);
  }
  return out;
};

/** One enquiry as the wire has it, with the relations `include` names and `can_edit` for `actor`. */
export const presentEnquiry = (
  r: EnquiryRow,
  actor: Actor,
  include: ReadonlySet<string>,
  comments?: Map<number, Comment[]>,
): Enquiry => {
  const out: Enquiry = {
    id: r.id,
    property_id: r.property_id,
    scheme_id: r.scheme_id,
    company_id: r.company_id,
    user_id: r.user_id,
    received_at: r.received_at,
    size_from: num(r.size_from),
    size_to: num(r.size_to),
    rent_from: r.rent_from,
    rent_to: r.rent_to,
    stage: r.stage as EnquiryStage,
    reason: r.reason as Reason,
    created_by:
      r.created_by !== null && r.creator_name !== null ? { id: r.created_by, name: r.creator_name } : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    town: r.town,
    can_edit: canEditEnquiry(actor, r),
  };
  if (include.has('company'))
    out.company =
      r.company_id !== null && r.company_name !== null
        ? {
            id: r.company_id,
            name: r.company_name,
            is_verified: !!r.company_is_verified,
            verified_at: r.company_verified_at,
          }
        : null;
  if (include.has('user'))
    out.user =
      r.user_id !== null && r.contact_name !== null
        ? { id: r.user_id, name: r.contact_name, email: r.contact_email }
        : null;
  if (include.has('scheme'))
    out.scheme =
      r.scheme_id !== null && r.scheme_name !== null ? { id: r.scheme_id, name: r.scheme_name } : null;
  if (include.has('property'))
    out.property =
      r.property_id !== null
        ? { id: r.property_id, building_num: r.building_num, full_address: r.full_address }
        : null;
  if (include.has('comments')) out.comments = comments?.get(r.id) ?? [];
  // Every row carries its version: a pipeline card moves an enquiry straight from a list (ADR 0060).
  return withVersion('enquiry', out);
};
