/** An activity row as the timeline shows it: one summary line, its link and references (ADR 0091). */
import {
  DEAL_TYPE_LABELS,
  ENQUIRY_STAGE_LABELS,
  type ActivityItem,
  type ActivityKind,
  type DealType,
  type EnquiryStage,
} from '@frontage/shared';
import type { ActivityRow } from './activity.repository';

/** A text[] arrives parsed from both drivers; a literal `{a,b}` is read for safety. */
export const textArray = (v: string[] | string | null | undefined): string[] => {
  if (Array.isArray(v)) return v;
  if (!v || v === '{}') return [];
  return v
    .slice(1, -1)
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
};

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  domain: 'domain',
  phone: 'phone',
  categories: 'categories',
  email: 'e-mail',
  direct_dial: 'direct dial',
  mobile: 'mobile',
  company_id: 'company',
};

const stageLabel = (s: string | undefined): string =>
  (s && ENQUIRY_STAGE_LABELS[s as EnquiryStage]) || s || 'none';

const unitLabel = (r: ActivityRow): string | null =>
  r.property_id !== null ? [r.building_num, r.full_address].filter(Boolean).join(' ') || null : null;

/** The unit, else the scheme: where it happened. */
const placeOf = (r: ActivityRow): string => unitLabel(r) ?? r.scheme_name ?? 'a place no longer recorded';

const subjectOf = (r: ActivityRow): string =>
  r.subject_label ??
  (r.subject_type === 'enquiry' ? `enquiry ${r.subject_id}` : 'a record no longer recorded');

const subjectUrl = (r: ActivityRow): string | null => {
  switch (r.subject_type) {
    case 'property':
      return `/properties?id=${r.subject_id}`;
    case 'scheme':
      return `/schemes?id=${r.subject_id}`;
    case 'enquiry':
      return `/enquiries?id=${r.subject_id}`;
    case 'company':
      return `/companies/${r.subject_id}`;
    default:
      return null;
  }
};

const quoted = (r: ActivityRow): string => (r.excerpt ? `: ${r.excerpt}` : '');

const summaryOf = (r: ActivityRow, details: string[]): string => {
  switch (r.kind as ActivityKind) {
    case 'deal':
      return `${r.deal_type ? DEAL_TYPE_LABELS[r.deal_type as DealType] : 'Deal'} at ${placeOf(r)}`;
    case 'store_opened':
      return `Store opened at ${placeOf(r)}`;
    case 'store_closed':
      return `Store closed at ${placeOf(r)}`;
    case 'enquiry':
      return `Enquiry recorded for ${placeOf(r)}`;
    case 'enquiry_stage':
      return `Enquiry for ${placeOf(r)} moved from ${stageLabel(details[0])} to ${stageLabel(details[1])}`;
    case 'comment':
      return `Comment on ${subjectOf(r)}${quoted(r)}`;
    case 'mention':
      return `Mentioned in a comment on ${subjectOf(r)}${quoted(r)}`;
    case 'edit':
      return `Record edited: ${details.map((f) => FIELD_LABELS[f] ?? f).join(', ')}`;
  }
};

const urlOf = (r: ActivityRow): string | null => {
  switch (r.kind as ActivityKind) {
    case 'deal':
      return r.deal_type ? `/deals?id=${r.deal_id}` : null;
    case 'store_opened':
    case 'store_closed':
      return r.property_id !== null ? `/properties?id=${r.property_id}` : null;
    case 'enquiry':
    case 'enquiry_stage':
      return `/enquiries?id=${r.enquiry_id}`;
    case 'comment':
    case 'mention':
      return subjectUrl(r);
    default:
      return null;
  }
};

export const presentActivity = (r: ActivityRow): ActivityItem => {
  const details = textArray(r.details).filter((d) => d !== null);
  const label = unitLabel(r);
  return {
    id: `${r.kind}:${r.rid}`,
    kind: r.kind as ActivityKind,
    // The key keeps microseconds for the cursor; the wire has milliseconds, as every instant.
    at: `${r.at_key.slice(0, 23)}Z`,
    actor: r.actor_id !== null && r.actor_name !== null ? { id: r.actor_id, name: r.actor_name } : null,
    summary: summaryOf(r, details),
    url: urlOf(r),
    property: r.property_id !== null && label ? { id: r.property_id, label } : null,
    // A voided deal has left `deals` (ADR 0077): its store change stays, without the deal.
    deal: r.deal_id !== null && r.deal_type ? { id: r.deal_id, deal_type: r.deal_type as DealType } : null,
    enquiry_id: r.enquiry_id,
    comment_id: r.comment_id,
    details,
  };
};
