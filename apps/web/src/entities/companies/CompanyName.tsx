import type { ReactNode } from 'react';
import { Box, Stack } from '@mui/material';
import type { CompanyRef } from './api';
import { VerificationIndicator } from './VerificationIndicator';

/**
 * A company's name (or the given content) with its verification indicator before it, for a table
 * cell or a detail row; nothing beside it when the record carries no verification fields.
 */
export function CompanyName({ company, children }: { company: CompanyRef; children?: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', height: '100%', minWidth: 0, maxWidth: '100%' }}
    >
      <VerificationIndicator company={company} />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {children ?? company.name}
      </Box>
    </Stack>
  );
}
