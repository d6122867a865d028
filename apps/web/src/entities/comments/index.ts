export { CommentsPanel, type CommentsPanelProps } from './CommentsPanel';
export { CommentContent, renderCommentHtml } from './CommentContent';
export { useUnsavedCommentGuard, type UnsavedCommentVariant } from './useUnsavedCommentGuard';
