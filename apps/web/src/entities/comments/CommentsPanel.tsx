import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Editor } from '@tiptap/react';
import { MESSAGES, isAdmin, type Comment, type CommentableType, formatDateTime } from '@frontage/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../lib/session';
import { flattenComments, useComments, useCreateComment, useDeleteComment, useUpdateComment } from './api';
import { CommentContent } from './CommentContent';
import { CommentEditor } from './CommentEditor';

export interface CommentsPanelProps {
  entityType: CommentableType;
  entityId: number;
  /** Told whenever it changes whether an unsaved comment (new or being edited) exists. */
  onDirtyChange?: (hasUnsaved: boolean) => void;
}

/** Comments on a property, scheme or enquiry, with @mentions (spec A §2). */
export function CommentsPanel({ entityType, entityId, onDirtyChange }: CommentsPanelProps) {
  const user = useCurrentUser();
  const { data, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage } = useComments(
    entityType,
    entityId,
  );
  const create = useCreateComment(entityType, entityId);
  const update = useUpdateComment(entityType, entityId);
  const remove = useDeleteComment(entityType, entityId);

  const composer = useRef<Editor | null>(null);
  const [composeBlank, setComposeBlank] = useState(true);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [editDirty, setEditDirty] = useState(false);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  const dirty = !composeBlank || (editingId !== null && editDirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onComposerReady = useCallback((e: Editor) => {
    composer.current = e;
  }, []);

  const save = () => {
    const e = composer.current;
    if (!e || composeBlank) return;
    create.mutate(e.getHTML(), {
      onSuccess: () => {
        e.commands.clearContent(true);
        setComposeBlank(true);
      },
    });
  };

  const comments = flattenComments(data?.pages);
  const canModify = (c: Comment) => isAdmin(user) || c.user_id === user.id;

  return (
    // Not a landmark itself: the host (view card, dialog, wizard step) names the region.
    <Box data-testid="comments-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <CommentEditor
        label="Write a comment"
        onReady={onComposerReady}
        onChange={(_html, blank) => setComposeBlank(blank)}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" size="small" disabled={composeBlank || create.isPending} onClick={save}>
          Save
        </Button>
      </Box>
      <Box sx={{ position: 'relative', minHeight: 4 }}>
        {isFetching && <LinearProgress aria-label="Loading comments" sx={{ height: 2 }} />}
      </Box>
      {!isFetching && comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {MESSAGES.noComments}
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Comment list" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {comments.map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              canModify={canModify(c)}
              editing={editingId === c.id}
              editLocked={editingId !== null && editingId !== c.id}
              saving={update.isPending}
              onEdit={() => {
                setEditingId(c.id);
                setEditDirty(false);
              }}
              onCancelEdit={() => {
                setEditingId(null);
                setEditDirty(false);
              }}
              onEditDirty={setEditDirty}
              onSave={(content) =>
                update.mutate(
                  { id: c.id, content },
                  {
                    onSuccess: () => {
                      setEditingId(null);
                      setEditDirty(false);
                    },
                  },
                )
              }
              onDelete={() => setDeleting(c)}
            />
          ))}
        </Stack>
      )}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button size="small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show older comments
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete comment"
        message={MESSAGES.deleteComment}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          if (deleting?.id === editingId) setEditingId(null);
          setDeleting(null);
        }}
      />
    </Box>
  );
}

interface CommentItemProps {
  comment: Comment;
  canModify: boolean;
  editing: boolean;
  editLocked: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onEditDirty: (dirty: boolean) => void;
  onSave: (content: string) => void;
  onDelete: () => void;
}

function CommentItem({
  comment: c,
  canModify,
  editing,
  editLocked,
  saving,
  onEdit,
  onCancelEdit,
  onEditDirty,
  onSave,
  onDelete,
}: CommentItemProps) {
  const [draft, setDraft] = useState<{ html: string; blank: boolean }>({ html: c.content, blank: false });
  const author = c.user?.name ?? 'Deleted user';
  return (
    <Box
      component="li"
      data-testid="comment"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1.25,
        py: 0.75,
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 30 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {author}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={c.created_at}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatDateTime(c.created_at)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {canModify && !editing && (
          <>
            <Tooltip title="Edit comment">
              <span>
                <IconButton size="small" aria-label="Edit comment" disabled={editLocked} onClick={onEdit}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Delete comment">
              <IconButton size="small" aria-label="Delete comment" onClick={onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      {editing ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, pb: 0.5 }}>
          <CommentEditor
            label="Edit comment"
            initialContent={c.content}
            focusOnMount
            onChange={(html, blank) => {
              setDraft({ html, blank });
              onEditDirty(html !== c.content);
            }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button size="small" onClick={onCancelEdit}>
              Cancel
            </Button>
            <Button
              size="small"
              variant="contained"
              disabled={draft.blank || saving}
              onClick={() => onSave(draft.html)}
            >
              Save
            </Button>
          </Box>
        </Box>
      ) : (
        <Box
          data-testid="comment-content"
          sx={{
            fontSize: '0.875rem',
            wordBreak: 'break-word',
            '& p': { my: 0.25 },
            // The list of comments is itself a <ul>: without this a comment's bullets render as nested circles.
            '& ul': { my: 0.25, pl: 3, listStyleType: 'disc' },
            '& ol': { my: 0.25, pl: 3, listStyleType: 'decimal' },
            '& blockquote': {
              my: 0.5,
              ml: 0,
              pl: 1.5,
              borderLeft: 3,
              borderColor: 'divider',
              color: 'text.secondary',
            },
            '& pre': { my: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' },
          }}
        >
          <CommentContent html={c.content} />
        </Box>
      )}
    </Box>
  );
}
