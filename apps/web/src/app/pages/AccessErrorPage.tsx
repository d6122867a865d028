import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { PageHeading } from '../../components/PageHeading';

export default function AccessErrorPage() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="Access denied" />
      <Typography sx={{ mb: 1.5 }}>
        You do not have permission to view this page or perform this action.
      </Typography>
      <Link component={RouterLink} to="/" underline="always">
        Go to My Properties
      </Link>
    </Box>
  );
}
