import type { ReactNode } from 'react';
import { MESSAGES } from '@frontage/shared';
import { useDiscardGuard, type DiscardQuestion } from '../../components/useDiscardGuard';

export type UnsavedCommentVariant = 'close' | 'finish';

const QUESTIONS: Record<UnsavedCommentVariant, DiscardQuestion> = {
  close: {
    title: 'Unsaved comment',
    message: MESSAGES.unsavedCommentClose,
    confirmLabel: 'Yes',
    cancelLabel: 'No',
  },
  finish: {
    title: 'Unsaved comment',
    message: MESSAGES.unsavedCommentFinish,
    confirmLabel: 'YES',
    cancelLabel: 'NO',
  },
};

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
  const guard = useDiscardGuard(QUESTIONS.close);
  return {
    setDirty: guard.setDirty,
    confirm: (action, variant = 'close') => guard.confirm(action, QUESTIONS[variant]),
    dialog: guard.dialog,
  };
}
