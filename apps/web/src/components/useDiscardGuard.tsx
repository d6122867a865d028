import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** The question asked before input is thrown away. */
export interface DiscardQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

/**
 * Asked when Escape or a click outside would close a dialog holding input the user typed or
 * picked (the spec is silent, ADR 0039). Cancel stays a plain, unquestioned close.
 */
export const UNSAVED_INPUT_QUESTION: DiscardQuestion = {
  title: 'Discard changes?',
  message: 'What you entered in this dialog has not been saved. Close it and lose it?',
  confirmLabel: 'Discard',
  cancelLabel: 'Keep editing',
};

/**
 * One guard for every dialog that can lose input: report the input's state with `setDirty`
 * (react-hook-form's `isDirty`, a comment editor's content), route the closing action through
 * `confirm(action)` and render `dialog`. Untouched, the action runs at once; otherwise the
 * question is asked first and only its confirm runs the action.
 */
export function useDiscardGuard(question: DiscardQuestion = UNSAVED_INPUT_QUESTION): {
  setDirty: (dirty: boolean) => void;
  confirm: (action: () => void, asked?: DiscardQuestion) => void;
  dialog: ReactNode;
} {
  const dirty = useRef(false);
  const [pending, setPending] = useState<{ action: () => void; asked: DiscardQuestion } | null>(null);
  const setDirty = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const confirm = useCallback(
    (action: () => void, asked: DiscardQuestion = question) => {
      if (dirty.current) setPending({ action, asked });
      else action();
    },
    [question],
  );
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.asked.title}
      message={pending?.asked.message ?? ''}
      confirmLabel={pending?.asked.confirmLabel}
      cancelLabel={pending?.asked.cancelLabel}
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
