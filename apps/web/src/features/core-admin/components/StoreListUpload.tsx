import { Alert, Stack, Typography } from '@mui/material';
import {
  STORE_LIST_ACCEPT,
  STORE_LIST_COLUMNS,
  STORE_LIST_REQUIRED_COLUMNS,
  type StoreListColumn,
} from '@frontage/shared';
import { FileDropZone } from '../../../components/FileDropZone';

const COLUMN_NAMES: Record<StoreListColumn, string> = {
  store_name: 'Store name',
  address_line_1: 'Address line 1',
  address_line_2: 'Address line 2',
  town: 'Town',
  post_code: 'Post code',
  opening_date: 'Opening date',
};

/**
 * Step 1 of the reconciliation: choose (or drop) the retailer's CSV or XLSX list. The columns it
 * needs are listed, with the optional ones.
 */
export function StoreListUpload({
  busy,
  error,
  onFile,
}: {
  busy: boolean;
  /** Why the server refused the file (shown inline). */
  error: string[] | null;
  onFile: (file: File) => void;
}) {
  const optional = (Object.keys(STORE_LIST_COLUMNS) as StoreListColumn[]).filter(
    (c) => !STORE_LIST_REQUIRED_COLUMNS.includes(c),
  );
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Upload the retailer&apos;s own list of stores as a CSV or XLSX file with a header row. Required
        columns: <strong>{STORE_LIST_REQUIRED_COLUMNS.map((c) => COLUMN_NAMES[c]).join(', ')}</strong>.
        Optional: {optional.map((c) => COLUMN_NAMES[c]).join(', ')}. Nothing is written until you apply the
        rows you choose.
      </Typography>
      <FileDropZone label="Store list file" accept={STORE_LIST_ACCEPT} busy={busy} onFile={onFile} />
      {error && (
        <Alert severity="error" role="alert">
          {error.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
