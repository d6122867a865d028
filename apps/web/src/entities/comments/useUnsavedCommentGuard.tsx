import { useCallback, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@frontage/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export type UnsavedCommentVariant = 'close' | 'finish';

/**
 * For a dialog or wizard hosting a CommentsPanel: pass `setDirty` as the panel's onDirtyChange,
 * call `confirm(action)` when closing (or `confirm(action, 'finish')` when finishing a wizard) and
 * render `dialog`. With an unsaved comment the user is asked first (spec A §8).
 */
export function useUnsavedCommentGuard(): {
  setDirty: (dirty: boolean) => void;
  confirm: (action: () => void, variant?: UnsavedCommentVariant) => void;
  dialog: ReactNode;
} {
  const dirty = useRef(false);
  const [pending, setPending] = useState<{ action: () => void; variant: UnsavedCommentVariant } | null>(null);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const confirm = useCallback((action: () => void, variant: UnsavedCommentVariant = 'close') => {
    if (dirty.current) setPending({ action, variant });
    else action();
  }, []);
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Unsaved comment"
      message={pending?.variant === 'finish' ? MESSAGES.unsavedCommentFinish : MESSAGES.unsavedCommentClose}
      confirmLabel={pending?.variant === 'finish' ? 'YES' : 'Yes'}
      cancelLabel={pending?.variant === 'finish' ? 'NO' : 'No'}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const action = pending?.action;
        setPending(null);
        dirty.current = false;
        action?.();
      }}
    />
  );
  return { setDirty, confirm, dialog };
}
