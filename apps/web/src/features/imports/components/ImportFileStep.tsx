import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { IMPORT_ENTITIES, type ImportEntity } from '@frontage/shared';
import { FileDropZone } from '../../../components/FileDropZone';
import { ENTITY_LABELS, IMPORT_ACCEPT, fieldsOf, readyEntities } from '../importLabels';

/**
 * Step 1: what the file holds and the file. Every entity type of the contract is listed; those the
 * server does not import yet are shown disabled, so a new one appears as soon as it is ready.
 */
export function ImportFileStep({
  entity,
  onEntity,
  busy,
  errors,
  onFile,
}: {
  entity: ImportEntity;
  onEntity: (entity: ImportEntity) => void;
  busy: boolean;
  /** Why the server refused the file, by field ('file', 'entity') or '' for the rest. */
  errors: Record<string, string>;
  onFile: (file: File) => void;
}) {
  const ready = readyEntities();
  const fileError = [errors.file, errors['']].filter(Boolean);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Upload a CSV or XLSX file with a header row. Each column is matched to a field next; nothing is
        written until you apply the import, and an applied import can be reverted.
      </Typography>
      <TextField
        select
        size="small"
        label="Entity"
        value={entity}
        onChange={(e) => onEntity(e.target.value as ImportEntity)}
        error={!!errors.entity}
        helperText={errors.entity}
        sx={{ maxWidth: 360 }}
      >
        {IMPORT_ENTITIES.map((e) => (
          <MenuItem key={e} value={e} disabled={!ready.includes(e)}>
            {ENTITY_LABELS[e]}
            {ready.includes(e) ? '' : ' (not available yet)'}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">
        Fields of {ENTITY_LABELS[entity].toLowerCase()}:{' '}
        {fieldsOf(entity)
          .map((f) => f.label)
          .join(', ')}
        .
      </Typography>
      <FileDropZone label="Import file" accept={IMPORT_ACCEPT} busy={busy} onFile={onFile} />
      {fileError.length > 0 && (
        <Alert severity="error" role="alert">
          {fileError.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
