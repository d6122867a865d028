import { useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { StandalonePropertyDialog } from '../../../entities/properties/StandalonePropertyDialog';
import { SchemePropertyDialog } from '../../../entities/properties/SchemePropertyDialog';

/** /properties/create: choose the kind of property, then the matching dialog opens. */
export default function NewPropertyPage() {
  const [open, setOpen] = useState<'standalone' | 'scheme' | null>('standalone');
  const navigate = useNavigate();
  const created = (p: { id: number }) => void navigate(`/properties?id=${p.id}`);
  return (
    <>
      <PageHeading title="New Property" />
      <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 640 }}>
        <Typography sx={{ mb: 2 }}>
          A property is either a standalone unit (a high-street shop) or a unit in a scheme.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={() => setOpen('standalone')}>
            Standalone
          </Button>
          <Button variant="outlined" onClick={() => setOpen('scheme')}>
            In a scheme
          </Button>
        </Box>
      </Paper>
      <StandalonePropertyDialog
        open={open === 'standalone'}
        onClose={() => setOpen(null)}
        onCreated={created}
      />
      <SchemePropertyDialog open={open === 'scheme'} onClose={() => setOpen(null)} onCreated={created} />
    </>
  );
}
