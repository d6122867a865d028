import { useState } from 'react';
import { Alert, Box, Stack, Tab, Tabs, Typography } from '@mui/material';
import { IMPORT_OUTCOMES, type Import, type ImportApplyBody, type ImportOutcome } from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { OUTCOME_LABELS } from '../importLabels';
import { DuplicateGroups } from './DuplicateGroups';
import { ImportRowsTable } from './ImportRowsTable';

/** The mapped headers, in the file's order (the row tables show only these). */
const mappedColumns = (imp: Import): string[] => {
  const used = new Set(Object.values(imp.mapping));
  return imp.headers.filter((h) => used.has(h));
};

/**
 * Step 3: what applying will do, before anything is written — counts per outcome, the first rows
 * of each with their line numbers and errors, the error CSV, and the choice per duplicate group.
 */
export function ImportPreviewStep({
  imp,
  choices,
  onChoices,
  error,
}: {
  imp: Import;
  choices: ImportApplyBody;
  onChoices: (choices: ImportApplyBody) => void;
  /** Why the last Apply was refused. */
  error: string | null;
}) {
  const first = IMPORT_OUTCOMES.find((o) => imp.counts[o] > 0) ?? 'create';
  const [tab, setTab] = useState<ImportOutcome>(first);
  const columns = mappedColumns(imp);
  return (
    <Stack spacing={2}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="body2" aria-live="polite">
        {imp.file_name}: {imp.rows_total} rows —{' '}
        {IMPORT_OUTCOMES.map((o) => `${imp.counts[o]} ${OUTCOME_LABELS[o].toLowerCase()}`).join(', ')}. The
        counts follow the suggested choices; your choices below are applied on Apply.
      </Typography>
      {imp.counts.error > 0 && (
        <Box>
          <CsvExportButton
            path={`/imports/${imp.id}/errors.csv`}
            query={{}}
            fileName={`import-${imp.id}-errors.csv`}
            label="Download error CSV"
          />
        </Box>
      )}
      <Box>
        <Tabs value={tab} onChange={(_, v: ImportOutcome) => setTab(v)} aria-label="Rows by outcome">
          {IMPORT_OUTCOMES.map((o) => (
            <Tab
              key={o}
              value={o}
              label={`${OUTCOME_LABELS[o]} (${imp.counts[o]})`}
              id={`import-tab-${o}`}
              aria-controls={`import-panel-${o}`}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`import-panel-${tab}`}
          aria-labelledby={`import-tab-${tab}`}
          sx={{ overflowX: 'auto', borderTop: 1, borderColor: 'divider' }}
        >
          <ImportRowsTable
            label={`${OUTCOME_LABELS[tab]} rows`}
            rows={imp.rows?.[tab] ?? []}
            columns={columns}
          />
          {imp.counts[tab] > (imp.rows?.[tab]?.length ?? 0) && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', py: 0.5 }}>
              The first {imp.rows?.[tab]?.length ?? 0} of {imp.counts[tab]} rows.
            </Typography>
          )}
        </Box>
      </Box>
      {imp.duplicate_groups > 0 && <DuplicateGroups imp={imp} choices={choices} onChoices={onChoices} />}
    </Stack>
  );
}
