import { Box } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';

/** Map — full-bleed; the map itself arrives with a later issue. */
export default function MapPage() {
  return (
    <Box sx={{ px: 2, pt: 1.5 }}>
      <PageHeading title="Map" />
    </Box>
  );
}
