import { Link as RouterLink } from 'react-router';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import type { Import } from '@frontage/shared';
import { ENTITY_LABELS, ENTITY_LIST_ROUTES } from '../importLabels';

/** The share of rows done, for a progress bar. */
export const percentOf = (imp: Import): number =>
  imp.rows_total ? Math.min(100, Math.round((imp.progress / imp.rows_total) * 100)) : 0;

/**
 * Step 4: the background job's progress (the page polls the import while it applies), then what
 * was written with a link to the records.
 */
export function ImportApplyStep({ imp }: { imp: Import }) {
  const label = ENTITY_LABELS[imp.entity];
  if (imp.status === 'failed')
    return (
      <Alert severity="error" role="alert">
        The import could not be completed{imp.error ? `: ${imp.error}` : '.'}
      </Alert>
    );
  if (imp.status !== 'applied')
    return (
      <Stack spacing={1}>
        <Typography variant="body2" aria-live="polite">
          Applying {imp.progress} of {imp.rows_total} rows…
        </Typography>
        <LinearProgress variant="determinate" value={percentOf(imp)} aria-label="Applying the import" />
        <Typography variant="body2" color="text.secondary">
          The import runs on the server: you may close this dialog, the history shows its progress.
        </Typography>
      </Stack>
    );
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" sx={{ alignSelf: 'stretch' }}>
        Import applied: {imp.counts.create} created, {imp.counts.update} updated, {imp.counts.skip} skipped,{' '}
        {imp.counts.error} with errors.
      </Alert>
      <Button component={RouterLink} to={ENTITY_LIST_ROUTES[imp.entity]} variant="outlined">
        Open {label}
      </Button>
    </Stack>
  );
}
