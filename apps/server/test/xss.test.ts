import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeComment } from '../src/modules/comments/comment-html';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';
import { buildProperty } from './fixtures/comment-world';
import { XSS_VECTORS } from './fixtures/xss-vectors';

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/** Every tag and attribute in sanitized output, read with a tolerant tokenizer. */
const tagsOf = (html: string) => {
  const out: Array<{ tag: string; attrs: Record<string, string> }> = [];
  for (const m of html.matchAll(/<\s*\/?\s*([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) attrs[a[1]!.toLowerCase()] = a[2] ?? '';
    out.push({ tag: m[1]!.toLowerCase(), attrs });
  }
  return out;
};

const assertAllowlisted = (html: string) => {
  expect(html).not.toMatch(/<(?:script|style|iframe|object|embed|svg|math|img|form|input|meta|base|link)/i);
  for (const { tag, attrs } of tagsOf(html)) {
    expect(ALLOWED_TAGS, html).toContain(tag);
    for (const [name, value] of Object.entries(attrs)) {
      expect(ALLOWED_ATTRIBUTES[tag] ?? [], `${name} on <${tag}> in ${html}`).toContain(name);
      if (name === 'href') expect(value, html).toMatch(SAFE_HREF);
    }
    if (tag === 'span' && Object.keys(attrs).length) {
      expect(attrs['data-type']).toBe('mention');
      expect(attrs['data-entity-id']).toMatch(/^\d+$/);
    }
  }
};

describe('comment sanitizer', () => {
  it('has a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((v) => [v]))('keeps only allowlisted markup and is idempotent: %s', (vector) => {
    const once = sanitizeComment(vector).html;
    assertAllowlisted(once);
    expect(sanitizeComment(once).html).toBe(once);
  });

  it('is idempotent on arbitrary markup-like input', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '<p>',
        '</p>',
        '<a href="https://x.example">',
        '<a href="javascript:1">',
        '</a>',
        '<br>',
        '<strong>',
        '</strong>',
        '<span data-type="mention" data-entity-type="user" data-entity-id="3">',
        '</span>',
        '<script>',
        '</script>',
        '<img src=x onerror=1>',
        '&amp;',
        '&lt;',
        '&nbsp;',
        '"',
        "'",
        '<',
        '>',
        '<!--',
        '-->',
        '<svg>',
        '<li>',
        '<ul>',
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const once = sanitizeComment(parts.join('')).html;
        expect(sanitizeComment(once).html).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('XSS corpus through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => resetData());

  it('stores only allowlisted tags and attributes for every vector (or refuses it as blank)', async () => {
    const user = await buildUser({ password: 'xss-password-1' });
    const property = await buildProperty();
    const cookie = await sessionCookie(t.app, user);
    let stored = 0;
    for (const vector of XSS_VECTORS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { ...XHR, cookie },
        payload: { entity_type: 'property', entity_id: property.id, content: vector },
      });
      expect([201, 422], vector).toContain(res.statusCode);
      if (res.statusCode === 201) {
        stored += 1;
        const html = res.json().data.content as string;
        assertAllowlisted(html);
        expect(sanitizeComment(html).html).toBe(html);
      }
    }
    expect(stored).toBeGreaterThan(30);
  });
});
