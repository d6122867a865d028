import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  STORE_LIST_ACCEPT,
  STORE_LIST_COLUMNS,
  STORE_LIST_REQUIRED_COLUMNS,
  type StoreListColumn,
} from '@frontage/shared';
import { visuallyHidden } from '../../../components/visuallyHidden';

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
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const optional = (Object.keys(STORE_LIST_COLUMNS) as StoreListColumn[]).filter(
    (c) => !STORE_LIST_REQUIRED_COLUMNS.includes(c),
  );

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        Upload the retailer&apos;s own list of stores as a CSV or XLSX file with a header row. Required
        columns: <strong>{STORE_LIST_REQUIRED_COLUMNS.map((c) => COLUMN_NAMES[c]).join(', ')}</strong>.
        Optional: {optional.map((c) => COLUMN_NAMES[c]).join(', ')}. Nothing is written until you apply the
        rows you choose.
      </Typography>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: over ? 'action.hover' : 'transparent',
          p: 3,
          textAlign: 'center',
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Drop the file here, or
          </Typography>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            loading={busy}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            Choose file
          </Button>
          <Box
            component="input"
            ref={input}
            type="file"
            accept={STORE_LIST_ACCEPT}
            aria-label="Store list file"
            tabIndex={-1}
            sx={visuallyHidden}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
          />
        </Stack>
      </Box>
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
