import { MenuItem, TextField } from '@mui/material';
import { isAdmin, type ArchivedFilter as ArchivedValue } from '@frontage/shared';
import { useCurrentUser } from '../../lib/session';

/** The list state's value: '' (live records only), or the admins' filter (ADR 0078). */
export type ArchivedChoice = '' | ArchivedValue;

const OPTIONS: Array<{ value: ArchivedChoice; label: string }> = [
  { value: '', label: 'Hide archived' },
  { value: 'only', label: 'Archived only' },
  { value: 'include', label: 'Include archived' },
];

/** The query parameter a list sends: only an admin's choice (anyone else is refused by the server). */
export const useArchivedParam = (choice: ArchivedChoice | undefined): ArchivedValue | undefined => {
  const admin = isAdmin(useCurrentUser());
  return admin && choice ? choice : undefined;
};

/** The admins' Archived filter of the Properties and Schemes lists; nothing for anyone else. */
export function ArchivedFilter({
  value,
  onChange,
}: {
  value: ArchivedChoice | undefined;
  onChange: (v: ArchivedChoice) => void;
}) {
  if (!isAdmin(useCurrentUser())) return null;
  return (
    <TextField
      select
      size="small"
      label="Archived"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value as ArchivedChoice)}
      sx={{ minWidth: 170 }}
    >
      {OPTIONS.map((o) => (
        <MenuItem key={o.value || 'live'} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
