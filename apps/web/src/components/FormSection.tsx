import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A titled block of a property form, laid out on a two-column grid (one column on phones). */
export function FormSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ '& + &': { mt: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.25, minHeight: 28 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** Spans both columns of a FormSection. */
export const Wide = ({ children }: { children: ReactNode }) => (
  <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>
);
