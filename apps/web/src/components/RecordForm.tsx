import type { KeyboardEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Stack } from '@mui/material';

/**
 * Save is a submit button disabled until the form is valid, and a disabled default button blocks
 * the browser's implicit submission; Enter in a field therefore submits through here, so that an
 * attempt on an invalid form shows the warning (ADR 0010).
 */
export const submitOnEnter =
  (submit: () => void) =>
  (e: KeyboardEvent<HTMLFormElement>): void => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing) return;
    if (target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'file') return;
    // An open autocomplete uses Enter to pick an option.
    if (target.getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    submit();
  };

interface Props {
  /** The form's accessible name ("New Contact", "Edit Company"). */
  label: string;
  submit: () => void;
  /** The user may not change this record: the fields are shown disabled and Save stays off. */
  locked?: boolean;
  canSave: boolean;
  saving: boolean;
  /** Cancel goes to this path, or runs onCancel. */
  cancelTo?: string;
  onCancel?: () => void;
  children: ReactNode;
}

/** A record's form on a page (New / Edit Company and Contact): its fields, then Cancel and Save. */
export function RecordForm({
  label,
  submit,
  locked = false,
  canSave,
  saving,
  cancelTo,
  onCancel,
  children,
}: Props) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits even while Save is disabled (ADR 0010)
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={submitOnEnter(submit)}
      aria-label={label}
    >
      <fieldset disabled={locked} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        {cancelTo ? (
          <Button component={RouterLink} to={cancelTo}>
            Cancel
          </Button>
        ) : (
          <Button onClick={onCancel}>Cancel</Button>
        )}
        <Button type="submit" variant="contained" disabled={locked || !canSave || saving} loading={saving}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
