import type { EnquiryListFilters } from '../../entities/enquiries/api';

interface Ref {
  id: number;
  name: string;
}

/** Whose enquiries the board shows: everyone's, those I recorded, or those anyone of my company recorded. */
export const PIPELINE_OWNERS = ['all', 'mine', 'my_company'] as const;
export type PipelineOwner = (typeof PIPELINE_OWNERS)[number];
export const PIPELINE_OWNER_LABELS: Readonly<Record<PipelineOwner, string>> = {
  all: 'All',
  mine: 'Mine',
  my_company: "My company's",
};

/**
 * The board's filters, saved per user (ui-state `pipelines`, ADR 0052). Pickers keep the record's
 * name too, so a restored filter shows what it filters on.
 */
export interface PipelineState extends Record<string, unknown> {
  /** Free text: the enquirer's company and contact, the town (ADR 0085). */
  q: string;
  owner: PipelineOwner;
  scheme: Ref | null;
  town: string;
  company: Ref | null;
}

export const DEFAULT_PIPELINE: PipelineState = { q: '', owner: 'all', scheme: null, town: '', company: null };

const isRef = (v: unknown): v is Ref =>
  !!v &&
  typeof v === 'object' &&
  Number.isInteger((v as Ref).id) &&
  (v as Ref).id > 0 &&
  typeof (v as Ref).name === 'string';

/** Drops saved values the board no longer accepts. */
export const sanitizePipeline = (s: PipelineState): PipelineState => ({
  q: typeof s.q === 'string' ? s.q.slice(0, 200) : '',
  owner: PIPELINE_OWNERS.includes(s.owner) ? s.owner : 'all',
  scheme: isRef(s.scheme) ? { id: s.scheme.id, name: s.scheme.name } : null,
  town: typeof s.town === 'string' ? s.town.slice(0, 120) : '',
  company: isRef(s.company) ? { id: s.company.id, name: s.company.name } : null,
});

/** The filters every column sends to GET /api/enquiries (each adds its own stage and page). */
export const pipelineFiltersOf = (s: PipelineState): EnquiryListFilters => ({
  q: s.q.trim() || undefined,
  mine: s.owner === 'mine' ? '1' : undefined,
  my_company: s.owner === 'my_company' ? '1' : undefined,
  scheme_id: s.scheme?.id,
  town: s.town.trim() || undefined,
  company_id: s.company?.id,
});

export const hasPipelineFilters = (s: PipelineState): boolean =>
  !!s.q.trim() || s.owner !== 'all' || !!s.scheme || !!s.town.trim() || !!s.company;
