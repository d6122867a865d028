import {
  COMPARABLE_DEFAULT_TYPES,
  COMPARABLE_CURRENCY_DEFAULT,
  POSTCODE_DISTRICT,
  formatDate,
  parseTypedDate,
  type ComparableApplied,
  type DealType,
} from '@frontage/shared';

/** The comparables filters as the page's fields hold them (text as typed, dates dd/mm/yyyy). */
export interface ComparableForm {
  town: string;
  district: string;
  scheme_type: string;
  size_min: string;
  size_max: string;
  from: string;
  to: string;
  types: DealType[];
  currency: string;
}

export const EMPTY_FORM: ComparableForm = {
  town: '',
  district: '',
  scheme_type: '',
  size_min: '',
  size_max: '',
  from: '',
  to: '',
  types: [...COMPARABLE_DEFAULT_TYPES],
  currency: COMPARABLE_CURRENCY_DEFAULT,
};

/** The fields showing what the server applied (a property's or scheme's defaults). */
export const formOf = (a: ComparableApplied): ComparableForm => ({
  town: a.town ?? '',
  district: a.district ?? '',
  scheme_type: a.scheme_type ?? '',
  size_min: a.size_min === null ? '' : String(a.size_min),
  size_max: a.size_max === null ? '' : String(a.size_max),
  from: a.from ? formatDate(a.from) : '',
  to: a.to ? formatDate(a.to) : '',
  types: [...a.types],
  currency: a.currency,
});

const sizeOk = (s: string) => !s.trim() || /^\d+(\.\d{1,2})?$/.test(s.trim().replace(/,/g, ''));
const dateOk = (s: string) => !s.trim() || parseTypedDate(s) !== null;

/** Why the fields cannot be asked about yet (each by field), or nothing. */
export const formProblems = (f: ComparableForm): Partial<Record<keyof ComparableForm, string>> => {
  const out: Partial<Record<keyof ComparableForm, string>> = {};
  const district = f.district.trim().toUpperCase();
  if (district && !POSTCODE_DISTRICT.test(district)) out.district = 'A district such as "SW1A" or "M1".';
  if (!sizeOk(f.size_min)) out.size_min = 'A number of sq ft.';
  if (!sizeOk(f.size_max)) out.size_max = 'A number of sq ft.';
  if (!dateOk(f.from)) out.from = 'A date as dd/mm/yyyy.';
  if (!dateOk(f.to)) out.to = 'A date as dd/mm/yyyy.';
  if (!f.types.length) out.types = 'Choose at least one deal type.';
  return out;
};

/** A place to compare in: a town or a district. */
export const hasPlace = (f: ComparableForm): boolean => !!f.town.trim() || !!f.district.trim();

const text = (s: string) => s.trim() || undefined;
const size = (s: string) => s.trim().replace(/,/g, '') || undefined;

/** The query of GET /api/deals/comparables for these fields. */
export const queryOf = (f: ComparableForm): Record<string, string | undefined> => ({
  town: text(f.town),
  district: text(f.district)?.toUpperCase(),
  scheme_type: text(f.scheme_type),
  size_min: size(f.size_min),
  size_max: size(f.size_max),
  from: parseTypedDate(f.from) ?? undefined,
  to: parseTypedDate(f.to) ?? undefined,
  types: f.types.join(','),
  currency: f.currency,
});
