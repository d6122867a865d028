import { useId, useState } from 'react';
import { Alert, AlertTitle, Button } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import { canArchivePlace, formatDateTime } from '@frontage/shared';
import { useCurrentUser } from '../../lib/session';
import { useArchiveAction, type ArchiveKind } from './api';
import { ArchiveDialog } from './ArchiveDialog';

/** What a property or scheme read says about its archiving (ADR 0078). */
export interface ArchivableRecord {
  id: number;
  archived_at?: string | null;
  archived_by?: { id: number; name: string } | null;
  archive_reason?: string | null;
  owner_company_id?: number | null;
}

/** Whether the signed-in user may archive and restore the record (the shared rule). */
export const useMayArchive = (record: ArchivableRecord): boolean =>
  canArchivePlace(useCurrentUser(), record.owner_company_id);

/** The view's Archive button and its dialog: for a live record, to those allowed. */
export function ArchiveButton({ kind, record }: { kind: ArchiveKind; record: ArchivableRecord }) {
  const [open, setOpen] = useState(false);
  const allowed = useMayArchive(record);
  if (!allowed || record.archived_at) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<ArchiveOutlinedIcon />}
        onClick={() => setOpen(true)}
      >
        Archive
      </Button>
      <ArchiveDialog kind={kind} id={record.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** An archived record's banner: who archived it, when and why, with Restore for those allowed. */
export function ArchivedBanner({ kind, record }: { kind: ArchiveKind; record: ArchivableRecord }) {
  const allowed = useMayArchive(record);
  const restore = useArchiveAction(kind, record.id);
  const titleId = useId();
  if (!record.archived_at) return null;
  const who = record.archived_by?.name;
  return (
    <Alert
      severity="warning"
      aria-labelledby={titleId}
      action={
        allowed ? (
          <Button
            color="inherit"
            size="small"
            disabled={restore.isPending}
            onClick={() => restore.mutate(null)}
          >
            Restore
          </Button>
        ) : undefined
      }
    >
      <AlertTitle id={titleId}>
        {kind === 'property' ? 'This property is archived' : 'This scheme is archived'}
      </AlertTitle>
      {`Archived${who ? ` by ${who}` : ''} on ${formatDateTime(record.archived_at)}`}
      {record.archive_reason ? `: ${record.archive_reason}` : ''}
    </Alert>
  );
}
