import { sanitizeComment } from '../comments/comment-html';

const escapeText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A news body as stored and served: the comments' sanitizer (one allowlist for every piece of
 * user HTML the app renders; mentions are not news, so they are unwrapped to their text). A body
 * without any tag is plain text typed in a textarea: blank lines make paragraphs and single line
 * breaks stay (ADR 0061).
 */
export const sanitizeNewsBody = (body: string): string => {
  const trimmed = body.trim();
  if (!trimmed) return '';
  const html = /<[a-z!/]/i.test(trimmed)
    ? trimmed
    : trimmed
        .split(/\r?\n\s*\r?\n/)
        .map((para) => `<p>${escapeText(para.trim()).replace(/\r?\n/g, '<br>')}</p>`)
        .join('');
  return sanitizeComment(html, () => false).html;
};
