import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';

/** One titled section of the profile page: a region named by its heading. */
export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      id={id}
      aria-labelledby={`${id ?? title}-heading`}
      sx={{ p: 2, scrollMarginTop: 104 }}
    >
      <Typography variant="h2" component="h2" id={`${id ?? title}-heading`} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
