/**
 * The comment HTML allowlist (ADR 0020). Everything not listed is removed; disallowed tags keep
 * their text unless they are of a kind whose text is code or markup (script, style …).
 * Sanitizing is idempotent: sanitize(sanitize(x)) === sanitize(x).
 */
import { MENTIONABLE_TYPES, isBlankText, type MentionableType } from '@frontage/shared';
import sanitizeHtml from 'sanitize-html';

export interface MentionRef {
  entity_type: MentionableType;
  entity_id: number;
}

export const mentionKey = (m: MentionRef): string => `${m.entity_type}:${m.entity_id}`;

export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'span',
];
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  span: ['data-type', 'data-entity-type', 'data-entity-id'],
};
const LINK_REL = 'noopener noreferrer nofollow';
const SAFE_HREF = /^(?:https?:\/\/|mailto:)[^\s]/i;
/** Tags whose content is dropped with them: their text is code, styles or foreign markup. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'xmp',
  'noembed',
  'noframes',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'plaintext',
];

const mentionOf = (attribs: Record<string, string>): MentionRef | undefined => {
  const type = attribs['data-entity-type'];
  const id = attribs['data-entity-id'];
  if (attribs['data-type'] !== 'mention' || !type || !id) return undefined;
  if (!(MENTIONABLE_TYPES as readonly string[]).includes(type) || !/^[1-9]\d{0,8}$/.test(id))
    return undefined;
  return { entity_type: type as MentionableType, entity_id: Number(id) };
};

export interface SanitizedComment {
  html: string;
  /** The mentions kept, each once, in order of appearance. */
  mentions: MentionRef[];
}

/**
 * Sanitizes comment HTML. `keepMention` decides which well-formed mention spans stay; the others
 * are unwrapped to their plain text (e.g. mentions of entities that do not exist).
 */
export const sanitizeComment = (
  html: string,
  keepMention: (m: MentionRef) => boolean = () => true,
): SanitizedComment => {
  // The parser does not apply every implied end tag (e.g. <li><li>), so one pass's output can
  // parse into a different tree; passes repeat until the output is stable.
  let result = sanitizeOnce(html, keepMention);
  for (let i = 0; i < MAX_PASSES; i++) {
    const again = sanitizeOnce(result.html, keepMention);
    if (again.html === result.html) return again;
    result = again;
  }
  return result;
};

const MAX_PASSES = 5;

const sanitizeOnce = (html: string, keepMention: (m: MentionRef) => boolean): SanitizedComment => {
  const found = new Map<string, { ref: MentionRef; at: number }>();
  let opened = 0;
  const out = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    allowedClasses: {},
    allowedStyles: {},
    disallowedTagsMode: 'discard',
    nonTextTags: NON_TEXT_TAGS,
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
    transformTags: {
      // Links always open outside the app and pass no referrer or authority.
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const kept: Record<string, string> = SAFE_HREF.test(href)
          ? { href, rel: LINK_REL, target: '_blank' }
          : {};
        return { tagName, attribs: kept };
      },
      span: (tagName, attribs) => {
        opened += 1;
        return { tagName, attribs: { ...attribs, 'data-order': String(opened) } };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a') return SAFE_HREF.test(frame.attribs.href ?? '') ? false : 'excludeTag';
      if (frame.tag !== 'span') return false;
      const ref = mentionOf(frame.attribs);
      if (!ref || !keepMention(ref)) return 'excludeTag';
      const key = mentionKey(ref);
      const at = Number(frame.attribs['data-order'] ?? 0);
      const prev = found.get(key);
      if (!prev || at < prev.at) found.set(key, { ref, at });
      return false;
    },
  });
  const mentions = [...found.values()].sort((a, b) => a.at - b.at).map((f) => f.ref);
  return { html: out, mentions };
};

/** The text of sanitized HTML (tags dropped), for the "not empty" rule. */
export const textOf = (html: string): string =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

export const isBlankComment = (html: string): boolean => isBlankText(textOf(html));
