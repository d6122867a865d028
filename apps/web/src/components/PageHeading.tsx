import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The page's single h1, with optional actions aligned to the right. */
export function PageHeading({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 32 }}>
      <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
