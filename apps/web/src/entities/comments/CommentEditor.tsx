import { useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { MESSAGES, isBlankText } from '@frontage/shared';
import { CommentMention, mentionSuggestion } from './mention';

export interface CommentEditorProps {
  /** Stored HTML to start from (editing); empty for a new comment. */
  initialContent?: string;
  label: string;
  focusOnMount?: boolean;
  onChange?: (html: string, blank: boolean) => void;
  onReady?: (editor: Editor) => void;
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;

/** True when the editor holds no text (mentions count as text). */
export const isEditorBlank = (editor: Editor): boolean => isBlankText(editor.getText());

/** The rich-text box: paragraphs, bold/italic/underline/strike, lists, quotes, code, links and mentions. */
export function CommentEditor({
  initialContent = '',
  label,
  focusOnMount,
  onChange,
  onReady,
}: CommentEditorProps) {
  const suggestion = useMemo(() => mentionSuggestion(), []);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, isAllowedUri: (url) => SAFE_LINK.test(url) },
      }),
      Placeholder.configure({ placeholder: MESSAGES.writeComment }),
      CommentMention.configure({ suggestion }),
    ],
    content: initialContent,
    autofocus: focusOnMount ? 'end' : false,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'comment-editor' },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.getHTML(), isEditorBlank(e)),
  });

  useEffect(() => {
    if (editor) onReady?.(editor);
  }, [editor, onReady]);

  return (
    <Box
      sx={(theme) => ({
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1.25,
        py: 0.75,
        bgcolor: 'background.paper',
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
        },
        '& .comment-editor': { outline: 'none', minHeight: 44, fontSize: '0.875rem', lineHeight: 1.5 },
        '& .comment-editor p': { my: 0.25 },
        '& .comment-editor p.is-editor-empty:first-of-type::before': {
          content: 'attr(data-placeholder)',
          color: 'text.disabled',
          float: 'left',
          height: 0,
          pointerEvents: 'none',
        },
        '& [data-type="mention"]': { color: 'primary.main', fontWeight: 600 },
      })}
    >
      <EditorContent editor={editor} />
    </Box>
  );
}
