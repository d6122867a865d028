import fc from 'fast-check';

/**
 * Hostile inputs for the attack suite: what a careless client or an attacker sends instead of
 * the field the route expects. Values that JSON cannot carry (1e400, digits beyond a double) are
 * raw literals, spliced into the serialized body in place of a marker.
 */
export interface Raw {
  raw: string;
}
export type Hostile = unknown;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Text a PostgreSQL column cannot hold, alone or inside ordinary text. */
export const unstorableText = fc.oneof(
  fc.constantFrom('\u0000', 'Boots\u0000', '\u0000\u0000', 'a\ud800', '\udfffb', '\ud83d', '\ude00\ud83d'),
  fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map((p) => p.join('')),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
);

/** Deep nesting as raw JSON text (building it as a value would overflow JSON.stringify's stack). */
const nested = (depth: number, asArray: boolean): Raw => ({
  raw: asArray
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
});

const badDates = fc.constantFrom(
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '+275760-09-13',
  '-000001-01-01',
  '2026-1-1',
  '31/12/2026',
  '13/45/2026',
  'yesterday',
  '2026-06-01T25:61:00Z',
  '',
);

const badNumbers = fc.constantFrom(
  -1,
  0,
  -2147483649,
  2147483648,
  9007199254740992,
  1e308,
  -1e308,
  1.5,
  -0.000001,
  1e-300,
);
const badNumericText = fc.constantFrom(
  '-1',
  '1e309',
  '99999999999999999999.99',
  '12345678901234.999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1,000',
  ' ',
);
const rawLiterals = fc.constantFrom<Raw>(
  { raw: '1e400' },
  { raw: '-1e400' },
  { raw: '123456789012345678901234567890' },
  { raw: '-0' },
);

/** One hostile value of any kind. */
export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  { arbitrary: unstorableText, weight: 4 },
  { arbitrary: badDates, weight: 2 },
  { arbitrary: badNumbers, weight: 2 },
  { arbitrary: badNumericText, weight: 2 },
  { arbitrary: rawLiterals, weight: 1 },
  { arbitrary: fc.constantFrom(300_000, 1_100_000).map((n) => 'x'.repeat(n)), weight: 1 },
  {
    arbitrary: fc.tuple(fc.constantFrom(40, 2000, 50_000), fc.boolean()).map(([d, a]) => nested(d, a)),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(true, false, null, [], {}, [null], { '\u0000': 1 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);

const isRaw = (v: unknown): v is Raw =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as Raw).raw === 'string';

/** JSON text of a body whose values may include raw literals. */
export const serialize = (body: unknown): string => {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (isRaw(v)) {
      raws.push(v.raw);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
};

/** Every path of a body template (`name`, `address.street`, `landlords.0`), the body itself as []. */
export const pathsOf = (value: unknown, prefix: string[] = []): string[][] => {
  const out: string[][] = [prefix];
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
};

/** A copy of `body` with the value at `path` replaced (the body itself when the path is empty). */
export const replaceAt = (body: unknown, path: string[], value: unknown): unknown => {
  if (!path.length) return value;
  const copy: Record<string, unknown> = Array.isArray(body)
    ? ([...body] as unknown as Record<string, unknown>)
    : { ...(body as object) };
  const [head, ...rest] = path as [string, ...string[]];
  copy[head] = replaceAt(copy[head], rest, value);
  return copy;
};

/** One mutation of a body template: a field replaced, a field added, or the body replaced. */
export const mutatedBody = (template: unknown): fc.Arbitrary<unknown> => {
  const paths = pathsOf(template ?? {});
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), hostileValue)
        .map(([p, v]) => replaceAt(template ?? {}, p, v)),
      weight: 6,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('__proto__', 'constructor', 'id', 'type', 'company_id', 'created_by', 'x\u0000'),
          hostileValue,
        )
        .map(([k, v]) => ({ ...((template ?? {}) as object), [k]: v })),
      weight: 2,
    },
    { arbitrary: hostileValue, weight: 1 },
  );
};

/** Query-string values a list, export or search receives instead of sensible ones. */
export const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%C0%AF',
    '%FF',
    '%',
    '%%',
    '-1',
    '0',
    '1e9',
    '99999999999',
    '1.5',
    'NaN',
    '',
  ),
  fc.constantFrom('x'.repeat(5000)),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
