import { Fragment, type ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { MENTIONABLE_TYPES, entityPath, type MentionableType } from '@frontage/shared';

/**
 * Renders stored comment HTML as React elements: the markup is parsed with DOMParser (scripts in
 * a parsed document never run) and only the comment allowlist is turned into elements; anything
 * else becomes its text. The server sanitizes too; this never trusts that alone.
 */
const BLOCKS: Record<string, string> = {
  p: 'p',
  strong: 'strong',
  em: 'em',
  u: 'u',
  s: 's',
  ul: 'ul',
  ol: 'ol',
  li: 'li',
  blockquote: 'blockquote',
  code: 'code',
  pre: 'pre',
};
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

const mentionOf = (el: Element): { type: MentionableType; id: number } | null => {
  const type = el.getAttribute('data-entity-type') ?? '';
  const id = el.getAttribute('data-entity-id') ?? '';
  if (el.getAttribute('data-type') !== 'mention' || !(MENTIONABLE_TYPES as readonly string[]).includes(type))
    return null;
  if (!/^[1-9]\d{0,8}$/.test(id)) return null;
  return { type: type as MentionableType, id: Number(id) };
};

const convert = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = () => Array.from(el.childNodes).map((c, i) => convert(c, `${key}.${i}`));
  if (tag === 'br') return <br key={key} />;
  if (tag === 'span') {
    const m = mentionOf(el);
    if (!m) return <Fragment key={key}>{children()}</Fragment>;
    return (
      <Link
        key={key}
        component={RouterLink}
        to={entityPath(m.type, m.id)}
        data-mention-type={m.type}
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {el.textContent}
      </Link>
    );
  }
  if (tag === 'a') {
    const href = (el.getAttribute('href') ?? '').trim();
    if (!SAFE_HREF.test(href)) return <Fragment key={key}>{children()}</Fragment>;
    return (
      <Link key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children()}
      </Link>
    );
  }
  const Tag = BLOCKS[tag];
  if (!Tag) return <Fragment key={key}>{children()}</Fragment>;
  const Element = Tag as 'p';
  return <Element key={key}>{children()}</Element>;
};

/** The stored HTML as React nodes (exported for tests and for other read-only places). */
export const renderCommentHtml = (html: string): ReactNode => {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(doc.body.childNodes).map((n, i) => convert(n, String(i)));
};

export function CommentContent({ html }: { html: string }) {
  return <>{renderCommentHtml(html)}</>;
}
