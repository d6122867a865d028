import { Link as RouterLink } from 'react-router';
import { Link, Stack } from '@mui/material';
import { VerificationIndicator } from '../companies/VerificationIndicator';
import type { CompanyRef } from '../companies/api';
import { retailerHref } from './links';

/** A retailer's name with its verification indicator, linking to its page on /core-data. */
export function RetailerLink({ retailer }: { retailer: CompanyRef }) {
  return (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', minWidth: 0 }}>
      <VerificationIndicator company={retailer} />
      <Link component={RouterLink} to={retailerHref(retailer.id)} noWrap>
        {retailer.name}
      </Link>
    </Stack>
  );
}
