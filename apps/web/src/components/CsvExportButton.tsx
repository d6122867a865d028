import { useRef, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Box, Button, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import CloseIcon from '@mui/icons-material/Close';
import { EXPORT_TOTAL_HEADER, MESSAGES } from '@frontage/shared';
import { buildUrl, type QueryValue } from '../lib/http';

interface Props {
  /** e.g. '/companies/export' */
  path: string;
  /** The list's current filters (same names as the list call). */
  query: Record<string, QueryValue>;
  /** Used when the answer names no file. */
  fileName: string;
  label?: string;
  /** The file's format: CSV counts its lines as they arrive; XLSX (one zipped body) cannot. */
  format?: 'csv' | 'xlsx';
}

const MIME = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const NEWLINE = 10;
const countLines = (chunk: Uint8Array): number => {
  let n = 0;
  for (const b of chunk) if (b === NEWLINE) n++;
  return n;
};

const fileNameOf = (disposition: string | null, fallback: string): string =>
  disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1] ?? fallback;

const errorMessageOf = async (res: Response): Promise<string> => {
  try {
    const body = (await res.json()) as { msg?: unknown };
    return typeof body.msg === 'string' ? body.msg : MESSAGES.networkError;
  } catch {
    return MESSAGES.networkError;
  }
};

const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * Downloads every row of the current filter as CSV. The server streams the file and announces the
 * row count in X-Total-Count, so the bar shows real progress as lines arrive; Cancel aborts. The
 * body is a stream rather than a JSON call, so this is the one place that uses fetch directly.
 */
export function CsvExportButton({ path, query, fileName, label = 'Export CSV', format = 'csv' }: Props) {
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: null });
    try {
      const res = await fetch(buildUrl(path, query), {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: MIME[format] },
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        enqueueSnackbar(await errorMessageOf(res), { variant: 'error' });
        return;
      }
      const totalRaw = Number(res.headers.get(EXPORT_TOTAL_HEADER));
      const total =
        format === 'csv' && Number.isFinite(totalRaw) && res.headers.has(EXPORT_TOTAL_HEADER)
          ? totalRaw
          : null;
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        if (format !== 'csv') continue;
        lines += countLines(value);
        // The first line is the header.
        const rows = Math.max(0, lines - 1);
        setProgress({ done: total === null ? rows : Math.min(rows, total), total });
      }
      saveBlob(
        new Blob(chunks as BlobPart[], { type: format === 'csv' ? 'text/csv;charset=utf-8' : MIME[format] }),
        fileNameOf(res.headers.get('Content-Disposition'), fileName),
      );
    } catch (err) {
      if (!(err instanceof DOMException && err.name === 'AbortError')) {
        enqueueSnackbar(MESSAGES.networkError, { variant: 'error' });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  if (!progress) {
    return (
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()}>
        {label}
      </Button>
    );
  }

  const { done, total } = progress;
  const percent = total ? Math.round((done / Math.max(total, 1)) * 100) : undefined;
  const text =
    total !== null
      ? `Exporting ${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`
      : 'Exporting…';
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 240 }}
      role="status"
      aria-live="polite"
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.4 }}>
          {text}
        </Typography>
        <LinearProgress
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label="Export progress"
        />
      </Box>
      <Tooltip title="Cancel export">
        <IconButton aria-label="Cancel export" onClick={() => abort.current?.abort()}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
