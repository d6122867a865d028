import { useRef, useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { enqueueSnackbar } from 'notistack';
import { CALENDAR_FEED_TEXT as TEXT, TOAST_DURATION_MS, formatDateTime } from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api';
import { Section } from './Section';

type Confirming = 'regenerate' | 'revoke' | null;

/**
 * The calendar feed (ADR 0090): create, copy, regenerate or revoke the private URL a calendar
 * subscribes to. The server keeps only the token's hash, so the URL is shown once, when made.
 */
export function CalendarFeedSection() {
  const status = useCalendarFeedStatus();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const field = useRef<HTMLInputElement>(null);
  const active = status.data?.active ?? false;
  const busy = create.isPending || revoke.isPending;

  const makeUrl = async () => setUrl((await create.mutateAsync()).url);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar(TEXT.copied, { variant: 'success', autoHideDuration: TOAST_DURATION_MS });
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      field.current?.select();
    }
  };
  const confirm = async () => {
    const what = confirming;
    setConfirming(null);
    if (what === 'regenerate') await makeUrl();
    if (what === 'revoke') {
      await revoke.mutateAsync();
      setUrl(null);
      enqueueSnackbar(TEXT.revoked, { variant: 'success', autoHideDuration: TOAST_DURATION_MS });
    }
  };

  return (
    <Section title={TEXT.title} id="calendar-feed">
      <Stack spacing={1.5}>
        <Typography variant="body2">{TEXT.intro}</Typography>
        <Alert severity="info">{TEXT.refresh}</Alert>
        {url && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Feed URL"
                value={url}
                size="small"
                fullWidth
                inputRef={field}
                onFocus={(e) => e.target.select()}
                slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              />
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                {TEXT.copy}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {TEXT.shownOnce}
            </Typography>
          </Stack>
        )}
        {status.isSuccess && (
          <Typography variant="body2" role="status">
            {active
              ? `${TEXT.active}${status.data.created_at ? ` Made ${formatDateTime(status.data.created_at)}.` : ''}`
              : TEXT.none}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          {!active ? (
            <Button variant="contained" disabled={busy || !status.isSuccess} onClick={() => void makeUrl()}>
              {TEXT.create}
            </Button>
          ) : (
            <>
              <Button variant="outlined" disabled={busy} onClick={() => setConfirming('regenerate')}>
                {TEXT.regenerate}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => setConfirming('revoke')}
              >
                {TEXT.revoke}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        message={confirming === 'revoke' ? TEXT.revokeConfirm : TEXT.regenerateConfirm}
        confirmLabel={confirming === 'revoke' ? TEXT.revoke : TEXT.regenerate}
        cancelLabel="Cancel"
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </Section>
  );
}
