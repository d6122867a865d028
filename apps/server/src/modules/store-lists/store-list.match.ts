/**
 * How a row of a retailer's list is compared with a unit of ours: the same post code (spaces and
 * case ignored) and the same address line 1 once normalised — case and punctuation ignored,
 * 'st'/'rd'/… read as 'street'/'road'/…, words like 'unit' and 'shop' dropped — so the leading
 * number and the street name decide.
 */

/** The UK post code shapes (A9 9AA, A99 9AA, A9A 9AA, AA9 9AA, AA99 9AA, AA9A 9AA) and GIR 0AA. */
const UK_POST_CODE =
  /^(?:GIR ?0AA|[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

export const isUkPostCode = (v: string): boolean =>
  UK_POST_CODE.test(v.trim().toUpperCase().replace(/\s+/g, ' '));

/** 'ls1 4ab' → 'LS14AB'. */
export const postCodeKey = (v: string | null | undefined): string =>
  (v ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

const EXPANSIONS: Record<string, string> = {
  st: 'street',
  str: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  sq: 'square',
  pl: 'place',
  cres: 'crescent',
  ter: 'terrace',
  terr: 'terrace',
  pde: 'parade',
  ct: 'court',
  dr: 'drive',
  gdns: 'gardens',
  hwy: 'highway',
  ctr: 'centre',
  center: 'centre',
};
const DROPPED = new Set(['unit', 'units', 'shop', 'store', 'no', 'number', 'the']);

/** '12-14 High St.' → '12 high street' (the leading number, then the street words). */
export const addressKey = (line: string | null | undefined): string => {
  const words = (line ?? '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w && !DROPPED.has(w))
    .map((w) => EXPANSIONS[w] ?? w);
  const number = words.find((w) => /^\d/.test(w)) ?? '';
  const street = words.filter((w) => !/^\d/.test(w)).join(' ');
  return `${number.replace(/^0+/, '')} ${street}`.trim();
};

/** The key a row and a unit share when they are the same store. */
export const storeKey = (postCode: string | null | undefined, line: string | null | undefined): string =>
  `${postCodeKey(postCode)}|${addressKey(line)}`;
