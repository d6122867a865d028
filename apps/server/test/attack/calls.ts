import fc from 'fast-check';
import { blankLinesCsv, declaredOnlyXlsx, farCellXlsx, pngHeader, rleBmp } from '../fixtures/hostile-files';
import type { Made, MatrixRow, World } from '../matrix/types';
import { hostileQueryValue, mutatedBody, serialize, unstorableText } from './hostile';

/** One request of the attack suite. */
export interface Call {
  /** What the case tries, for the report. */
  kind: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * The encoded variants of a path: the router decodes percent-escapes before matching, so each
 * reaches the same route as the plain path and must get the same answer (guard, limiter, caching).
 */
export const encodedVariants = (url: string): string[] => {
  const [path, query] = url.split('?') as [string, string | undefined];
  const q = query === undefined ? '' : `?${query}`;
  const segments = path.split('/');
  const second = segments[2] ?? '';
  const variants = [`/%61pi${path.slice(4)}${q}`, `/%61%70%69${path.slice(4)}${q}`];
  if (second && /^[a-z]/.test(second)) {
    const hex = second.charCodeAt(0).toString(16).toUpperCase();
    variants.push(`/api/%${hex}${second.slice(1)}/${segments.slice(3).join('/')}`.replace(/\/$/, '') + q);
  }
  return variants;
};

const JSON_HEADERS = { 'content-type': 'application/json' };
const COMMON_QUERY_KEYS = [
  'q',
  'page',
  'per_page',
  'sort',
  'include',
  'id',
  'company_id',
  'entity_id',
  'lat',
  'lng',
];
const BAD_SEGMENTS = [
  '%00',
  '-1',
  '0',
  '99999999999',
  '2147483648',
  '1.5',
  'abc',
  '%ED%A0%80',
  '%FF',
  '1%00',
];

const withQuery = (url: string, key: string, value: string): string => {
  const [path, query = ''] = url.split('?') as [string, string | undefined];
  const kept = query.split('&').filter((p) => p && p.split('=')[0] !== key);
  return `${path}?${[...kept, `${key}=${value}`].join('&')}`;
};

/** A multipart body with the given raw field values (no file). */
const rawMultipart = (fields: Array<[string, string]>, boundary = 'frontageFuzzBoundary') => ({
  body: Buffer.concat([
    ...fields.map(([n, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
});

/**
 * Crafted files: the XLSX with a cell at XFD1048576, one declaring a 100 MB part, the
 * 4.8 MB CSV of blank lines, the BMP and the PNG claiming tens of megapixels. Each route gets them
 * all in its own file field, whatever type it expects: refused with a 422, never a 5xx.
 */
const HOSTILE_FILES: Array<{ kind: string; filename: string; type: string; data: () => Buffer }> = [
  {
    kind: 'xlsx far cell',
    filename: 'far.xlsx',
    type: 'application/octet-stream',
    data: () => farCellXlsx(),
  },
  {
    kind: 'xlsx 100 MB part',
    filename: 'huge.xlsx',
    type: 'application/octet-stream',
    data: () => declaredOnlyXlsx(100 * 1024 * 1024),
  },
  { kind: 'csv blank lines', filename: 'blank.csv', type: 'text/csv', data: () => blankLinesCsv() },
  { kind: 'bmp 6300 x 6300', filename: 'bomb.bmp', type: 'image/bmp', data: () => rleBmp(6300, 6300) },
  { kind: 'png 6000 x 6000', filename: 'bomb.png', type: 'image/png', data: () => pngHeader(6000, 6000) },
];

/** The field a multipart row sends its file in (`file`, `logo`), if it sends one. */
const fileFieldOf = (body: Buffer | string) =>
  /name="([^"]+)"; filename="/.exec(Buffer.from(body).toString('latin1'))?.[1];

/** A multipart body of one file part. */
const filePart = (field: string, f: (typeof HOSTILE_FILES)[number], boundary = 'frontageFuzzBoundary') => ({
  payload: Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.data(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
});

/** Malformed multipart: no boundary, cut off mid-part, garbage, wrong boundary, empty. */
const brokenMultipart = (valid: { body: Buffer | string; headers: Record<string, string> }) => {
  const body = Buffer.from(valid.body);
  return fc.constantFrom<Pick<Call, 'payload' | 'headers'> & { kind: string }>(
    { kind: 'multipart without boundary', payload: body, headers: { 'content-type': 'multipart/form-data' } },
    {
      kind: 'multipart cut off',
      payload: body.subarray(0, Math.floor(body.length / 2)),
      headers: valid.headers,
    },
    { kind: 'multipart cut off in headers', payload: body.subarray(0, 30), headers: valid.headers },
    {
      kind: 'multipart garbage',
      payload: Buffer.from('\u0000\u0001garbage--\r\n\r\n'),
      headers: valid.headers,
    },
    {
      kind: 'multipart wrong boundary',
      payload: body,
      headers: { 'content-type': 'multipart/form-data; boundary=nope' },
    },
    { kind: 'multipart empty', payload: Buffer.alloc(0), headers: valid.headers },
    { kind: 'multipart as text', payload: body, headers: { 'content-type': 'text/plain' } },
  );
};

/** Every kind of hostile call a route can receive, built from its matrix row. */
export const hostileCalls = (row: MatrixRow, w: World, made: Made): fc.Arbitrary<Call> => {
  const url = row.url(w, made);
  const body = typeof row.body === 'function' ? row.body(w, made) : row.body;
  const multipart = row.payload?.(w, made);
  const kinds: Array<fc.Arbitrary<Call>> = [];

  const query = fc
    .tuple(
      fc.constantFrom(
        ...new Set([...COMMON_QUERY_KEYS, ...[...new URLSearchParams(url.split('?')[1] ?? '').keys()]]),
      ),
      hostileQueryValue,
    )
    .map(([k, v]) => ({
      kind: `query ${k}`,
      url: withQuery(url, k, v),
      headers: {} as Record<string, string>,
      ...(body ? { payload: serialize(body), headers: JSON_HEADERS } : {}),
    }));
  kinds.push(query);

  const segments = url.split('?')[0]!.split('/');
  const numeric = segments.map((s, i) => (/^\d+$/.test(s) ? i : -1)).filter((i) => i >= 0);
  if (numeric.length) {
    kinds.push(
      fc.tuple(fc.constantFrom(...numeric), fc.constantFrom(...BAD_SEGMENTS)).map(([i, seg]) => {
        const copy = [...segments];
        copy[i] = seg;
        const q = url.includes('?') ? `?${url.split('?')[1]}` : '';
        return {
          kind: `path ${seg}`,
          url: copy.join('/') + q,
          headers: {},
          ...(body ? { payload: serialize(body), headers: JSON_HEADERS } : {}),
        };
      }),
    );
  }
  if (body !== undefined || !multipart) {
    kinds.push(
      mutatedBody(body).map((b) => ({
        kind: 'json body',
        url,
        payload: serialize(b),
        headers: JSON_HEADERS,
      })),
    );
    kinds.push(
      fc
        .constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'null',
          '"\u0000"',
          '{"name":"\\ud800"}',
          '\u0000',
          '{"a":1}garbage',
        )
        .map((text) => ({
          kind: 'malformed json',
          url,
          payload: text,
          headers: JSON_HEADERS,
        })),
    );
  }
  if (multipart) {
    kinds.push(brokenMultipart(multipart).map((m) => ({ ...m, url })));
    const field = fileFieldOf(multipart.body);
    if (field) {
      kinds.push(
        fc
          .constantFrom(...HOSTILE_FILES)
          .map((f) => ({ kind: `hostile file ${f.kind}`, url, ...filePart(field, f) })),
      );
    }
    kinds.push(
      fc
        .tuple(
          fc.constantFrom('name', 'domain', 'phone', 'categories[]', 'categories', 'x\u0000'),
          unstorableText,
        )
        .map(([field, value]) => ({
          kind: `multipart ${field}`,
          url,
          ...((m) => ({ payload: m.body, headers: m.headers }))(
            rawMultipart([
              ['name', 'Fuzz Retail'],
              [field, value],
            ]),
          ),
        })),
    );
  }
  return fc.oneof(...kinds);
};
