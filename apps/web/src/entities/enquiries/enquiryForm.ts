import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  DATE_MESSAGES,
  enquiryCreateSchema,
  formatDate,
  parseTypedDate,
  type EnquiryCreate,
  type EnquiryStage,
  type EnquiryUpdate,
  type Reason,
} from '@frontage/shared';
import { fieldsNamed } from '../../lib/applyServerErrors';
import { flatResolver, payloadIssues } from '../../lib/flatResolver';
import type { CompanyRef } from '../companies/api';
import type { ContactRef } from '../contacts/api';
import type { PropertyRef } from '../properties/PropertyPicker';
import type { SchemeOption } from '../schemes/SchemeCombobox';
import type { Enquiry } from './api';

/**
 * The Create and Edit Enquiry form (spec A §2, §5). Pickers hold the chosen records, the received
 * date is the text as typed (dd/mm/yyyy) and sizes are typed text, so the values are not the
 * payload: the form validates the payload it would send against the shared schema
 * (flatResolver + payloadIssues), so the server's rules and messages are the form's.
 */
export interface EnquiryFormValues {
  scheme: SchemeOption | null;
  property: PropertyRef | null;
  company: CompanyRef | null;
  contact: ContactRef | null;
  stage: EnquiryStage | '';
  reason: Reason | '';
  /** dd/mm/yyyy as typed; empty = today (set by the server). */
  received_at: string;
  size_from: string;
  /** The size range's 'To' holds size_to (spec A §5's intended reading, ADR 0051). */
  size_to: string;
  rent_from: string | null;
  rent_to: string | null;
}

export type EnquiryFormField = keyof EnquiryFormValues;
export type EnquiryFormApi = UseFormReturn<EnquiryFormValues>;

/** What an enquiry is for: a property (label as the pickers show it) or a scheme (its name). */
export interface EnquirySubject {
  kind: 'property' | 'scheme';
  id: number;
  label: string;
}

export const emptyEnquiryForm = (): EnquiryFormValues => ({
  scheme: null,
  property: null,
  company: null,
  contact: null,
  stage: '',
  reason: '',
  received_at: '',
  size_from: '',
  size_to: '',
  rent_from: null,
  rent_to: null,
});

/** An enquiry's property as the property picker holds it. */
export const propertyRefOf = (
  p: NonNullable<Enquiry['property']>,
  scheme: Enquiry['scheme'],
): PropertyRef => ({
  id: p.id,
  building_num: p.building_num,
  scheme_id: scheme?.id ?? null,
  scheme: scheme ? { id: scheme.id, name: scheme.name } : null,
  tenant: null,
  address: { full_address: p.full_address ?? '' },
  name: enquiryPropertyLabel(p),
});

/** A property as an enquiry names it: unit and address, as the pickers show it. */
export const enquiryPropertyLabel = (p: {
  id: number;
  building_num: string | null;
  full_address: string | null;
}) => [p.building_num, p.full_address].filter(Boolean).join(' ') || `Property ${p.id}`;

/** An enquiry's subject: its property, else its scheme. */
export const enquirySubjectOf = (e: Pick<Enquiry, 'property' | 'scheme' | 'property_id' | 'scheme_id'>) =>
  e.property
    ? { kind: 'property' as const, id: e.property.id, label: enquiryPropertyLabel(e.property) }
    : e.scheme
      ? { kind: 'scheme' as const, id: e.scheme.id, label: e.scheme.name }
      : null;

const sizeText = (n: number | null) => (n === null ? '' : String(n));

export const enquiryFormOf = (e: Enquiry): EnquiryFormValues => ({
  scheme: e.scheme ? { id: e.scheme.id, name: e.scheme.name } : null,
  property: e.property ? propertyRefOf(e.property, e.scheme ?? null) : null,
  company: e.company ?? null,
  contact: e.user ?? null,
  stage: e.stage,
  reason: e.reason,
  received_at: formatDate(e.received_at),
  size_from: sizeText(e.size_from),
  size_to: sizeText(e.size_to),
  rent_from: e.rent_from,
  rent_to: e.rent_to,
});

/** dd/mm/yyyy as typed → the month/day/year text the spec's client sends (spec A §5); '' stays ''. */
export const usDateOf = (typed: string): string => {
  const iso = parseTypedDate(typed);
  if (!iso) return typed.trim();
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

/** A typed size: the number when it reads as one, else the text (the schema names what is wrong). */
const sizeOf = (text: string): number | string | null => {
  const t = text.trim();
  if (!t) return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};

/** POST /api/enquiries for a property or a scheme (spec A §7). */
export const enquiryCreateOf = (v: EnquiryFormValues, subject: EnquirySubject): EnquiryCreate => ({
  property_id: subject.kind === 'property' ? subject.id : null,
  scheme_id: subject.kind === 'scheme' ? subject.id : null,
  ...commonPayload(v),
});

/** PUT /api/enquiries/{id}: every field, as the spec's client sends them. */
export const enquiryUpdateOf = (v: EnquiryFormValues): EnquiryUpdate => enquiryOfFields(v);

/**
 * POST /api/enquiries from a form whose scheme and property are its fields: a company's
 * requirement, added from its page (ADR 0092), names its place there.
 */
export const enquiryOfFields = (v: EnquiryFormValues): EnquiryCreate => ({
  scheme_id: v.scheme?.id ?? null,
  property_id: v.property?.id ?? null,
  ...commonPayload(v),
});

const commonPayload = (v: EnquiryFormValues) => ({
  company_id: v.company?.id ?? null,
  user_id: v.contact?.id ?? null,
  received_at: usDateOf(v.received_at),
  size_from: sizeOf(v.size_from) as number | null,
  size_to: sizeOf(v.size_to) as number | null,
  rent_from: v.rent_from,
  rent_to: v.rent_to,
  stage: v.stage as EnquiryStage,
  // An empty reason is sent as 'unknown' (spec A §5).
  reason: (v.reason || 'unknown') as Reason,
});

const FIELDS: readonly EnquiryFormField[] = [
  'scheme',
  'property',
  'company',
  'contact',
  'stage',
  'reason',
  'received_at',
  'size_from',
  'size_to',
  'rent_from',
  'rent_to',
];
const named = fieldsNamed(FIELDS);

/** A payload or 422 key → the form field showing its message (company_id → company, user_id → contact). */
export const enquiryFieldOf = (key: string): EnquiryFormField | undefined => {
  const head = key.split('.')[0]!;
  if (head === 'company_id') return 'company';
  if (head === 'user_id') return 'contact';
  if (head === 'property_id') return 'property';
  if (head === 'scheme_id') return 'scheme';
  return named(head);
};

/**
 * The form's checks: a typed date that is no real day, then the shared create schema's rules on the
 * payload. An edit from this form sends every field, so the create rules (company or contact, stage,
 * the ranges, a property or a scheme) apply to it as well.
 */
const checkWith =
  (payloadOf: (v: EnquiryFormValues) => unknown) =>
  (v: EnquiryFormValues): Record<string, string> => {
    const own: Record<string, string> = {};
    if (v.received_at.trim() && !parseTypedDate(v.received_at)) own.received_at = DATE_MESSAGES.invalidTyped;
    const issues = payloadIssues(enquiryCreateSchema, payloadOf(v), (p) => enquiryFieldOf(p) ?? p);
    return { ...issues, ...own };
  };

/**
 * The form of Create Enquiry (for `subject`) or Edit Enquiry (no subject: scheme and property are
 * fields). Checked on Save, then again on every change until it is valid.
 */
export const useEnquiryForm = (defaults: EnquiryFormValues, subject: EnquirySubject | null): EnquiryFormApi =>
  useForm<EnquiryFormValues>({
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: flatResolver(checkWith(subject ? (v) => enquiryCreateOf(v, subject) : enquiryUpdateOf)),
  });
