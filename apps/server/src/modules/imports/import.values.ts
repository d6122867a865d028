import { replacingUnstorable } from '../../lib/unstorable-text';

/**
 * From a spreadsheet's text to what the API's schemas take (ADR 0094): money with £ and commas,
 * areas with their unit, dates as dd/mm/yyyy (the default), yyyy-mm-dd or an Excel serial, and
 * the natural keys rows and records are matched by. `undefined` = the text cannot be read.
 */

/** Excel's day 0 is 30/12/1899 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');

const isoOf = (y: number, m: number, d: number): string | undefined => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || y > 2200 || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
};

/** '' → null; dd/mm/yyyy, d.m.yyyy, yyyy-mm-dd or an Excel serial day → yyyy-mm-dd. */
export const parseDate = (s: string): string | null | undefined => {
  const v = s.trim();
  if (!v) return null;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(v);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{1,6}(\.0+)?$/.test(v)) {
    const d = new Date(EXCEL_EPOCH + Math.trunc(Number(v)) * 86_400_000);
    return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return undefined;
};

/** A number as people write it: "£1,234.50", "1 234", "(GBP) 12000" → "1234.50"; '' → null. */
export const parseNumber = (s: string): string | null | undefined => {
  const v = s
    .trim()
    .replace(/^(?:£|GBP|€|EUR|\$)\s*/i, '')
    .replace(/\s*(?:pa|p\.a\.|per annum)$/i, '');
  if (!v) return null;
  const plain = v.replace(/(\d)[,\s](?=\d{3}\b)/g, '$1');
  return /^-?\d+(\.\d+)?$/.test(plain) ? plain : undefined;
};

/** An area with an optional unit: "1,200 sq ft", "110 m2" → its number and the unit it named. */
export const parseArea = (s: string): { value: string | null; unit: 'sqft' | 'sqm' | null } | undefined => {
  const m = /^(.*?)\s*(sq\.?\s*ft|sqft|ft2|ft²|sf|sq\.?\s*m|sqm|m2|m²)?$/i.exec(s.trim());
  const value = parseNumber(m?.[1] ?? '');
  if (value === undefined) return undefined;
  const unit = m?.[2] ? (/ft|sf/i.test(m[2]) ? 'sqft' : 'sqm') : null;
  return { value, unit };
};

/** "sq ft", "sqft", "ft2" → sqft; "sq m", "m2" → sqm; '' → null. */
export const parseAreaUnit = (s: string): 'sqft' | 'sqm' | null | undefined => {
  const v = s
    .trim()
    .toLowerCase()
    .replace(/[\s.²]/g, '');
  if (!v) return null;
  if (['sqft', 'ft2', 'ft', 'sf', 'squarefeet', 'squarefoot'].includes(v)) return 'sqft';
  if (['sqm', 'm2', 'm', 'squaremetres', 'squaremeters', 'sqmetres'].includes(v)) return 'sqm';
  return undefined;
};

/**
 * A company name as it is matched: lower case, "&" as "and", punctuation and spaces dropped,
 * "Limited" as "ltd", "Public Limited Company" as "plc", "The" at the start dropped. The SQL twin
 * (with its index) is companyNameKey in db/schema/companies.ts: change both together.
 */
export const companyMatchKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bpublic limited company\b/g, 'plc')
    .replace(/\blimited\b/g, 'ltd')
    .replace(/^\s*the\s+|\s+/g, '');

/**
 * A contact's or a scheme's name, or a town, as it is matched: lower case, letters and digits only
 * ("J. O'Neil" = "jo neil"). The SQL twin is in import-records.repository.ts: change both together.
 */
export const plainKey = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** "yes", "y", "true", "1" → true; "no", "n", "false", "0" → false; '' → null. */
export const parseYesNo = (s: string): boolean | null | undefined => {
  const v = s.trim().toLowerCase();
  if (!v) return null;
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return undefined;
};

/** A post code compared without spaces, in capitals. */
export const postCodeKey = (pc: string): string => pc.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** "Unit 4", "Unit No. 4", "Shop 4" and "4" are one unit; letters kept ("4a"). */
export const unitKey = (unit: string): string =>
  unit
    .toLowerCase()
    .replace(/\b(unit|units|shop|store|no|number)\b\.?/g, ' ')
    .replace(/[^a-z0-9]+/g, '');

/** A street compared without punctuation, with "Street"/"St" and "Road"/"Rd" as one. */
export const streetKey = (street: string): string =>
  street
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bstreet\b/g, 'st')
    .replace(/\broad\b/g, 'rd')
    .replace(/\bavenue\b/g, 'ave')
    .replace(/\s+/g, '')
    .trim();

/** A unit's natural key: unit + street + post code, normalised ("Unit 4" = "4", "LS1 6AL" = "LS16AL"). */
export const propertyKey = (unit: string, street: string, postCode: string): string =>
  `address:${unitKey(unit)}|${streetKey(street)}|${postCodeKey(postCode)}`;

/**
 * A NUL byte or an unpaired surrogate is text no column (not even the staging table's jsonb) can
 * hold: staging stores it as U+FFFD, and a cell holding U+FFFD is its row's error, never a 500.
 */
export const storable = replacingUnstorable;
export const UNSTORABLE = /\uFFFD/;
