import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { PageHeading } from '../../components/PageHeading';

export default function NotFoundPage() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="Page not found" />
      <Typography sx={{ mb: 1.5 }}>The page you asked for does not exist or has moved.</Typography>
      <Link component={RouterLink} to="/" underline="always">
        Go to My Properties
      </Link>
    </Box>
  );
}
