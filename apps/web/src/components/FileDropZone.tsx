import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { visuallyHidden } from './visuallyHidden';

/**
 * A dashed area a file is dropped on, with a "Choose file" button for the keyboard; the input
 * itself is hidden but keeps its accessible name (`label`), so tests and screen readers reach it.
 */
export function FileDropZone({
  label,
  accept,
  busy,
  onFile,
}: {
  /** The hidden file input's accessible name. */
  label: string;
  accept: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };

  return (
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
          accept={accept}
          aria-label={label}
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
  );
}
