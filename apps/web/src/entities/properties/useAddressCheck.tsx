import { useState, type ReactNode } from 'react';
import { ADDRESSLESS_QUESTION, addressIsMissing } from '@frontage/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type Address = Parameters<typeof addressIsMissing>[0];

/**
 * Saving a property with no street, post code or town asks first: `ask(address,
 * save)` runs `save` at once when the address has one of them, else after Save anyway. The server
 * still accepts it (spec B: no required fields).
 */
export function useAddressCheck(): { ask: (address: Address, save: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const ask = (address: Address, save: () => void) => {
    if (addressIsMissing(address)) setPending(() => save);
    else save();
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={ADDRESSLESS_QUESTION.title}
      message={ADDRESSLESS_QUESTION.message}
      confirmLabel={ADDRESSLESS_QUESTION.confirmLabel}
      cancelLabel={ADDRESSLESS_QUESTION.cancelLabel}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const save = pending;
        setPending(null);
        save?.();
      }}
    />
  );
  return { ask, dialog };
}
