import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';

interface Props {
  /** The filter bar's accessible name ("Filter companies", "Properties filters"). */
  filtersLabel: string;
  /** The filter fields, laid out in a grid (one row on a wide screen when they fit). */
  filters: ReactNode;
  /** Grid columns on a wide screen. */
  columns?: number;
  /** The count of matching records ("1,234 companies"), announced politely. */
  summary?: ReactNode;
  /** Tools for the whole list, right-aligned above the table (Export CSV). */
  tools?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/**
 * The one list layout (ADR 0040) of Companies, Contacts, Properties and Schemes: a
 * filter bar, a line with the count and the list's tools, and the table.
 */
export function ListLayout({ filtersLabel, filters, columns = 4, summary, tools, children }: Props) {
  return (
    <Box>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, mb: 1 }}
        component="form"
        role="search"
        aria-label={filtersLabel}
        onSubmit={(e) => e.preventDefault()}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: `repeat(${columns}, 1fr)` },
            gap: 1.5,
            alignItems: 'start',
          }}
        >
          {filters}
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 36, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ flexGrow: 1 }}>
          {summary}
        </Typography>
        {tools}
      </Stack>
      {children}
    </Box>
  );
}
