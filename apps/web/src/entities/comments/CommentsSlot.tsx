import { Paper, Typography } from '@mui/material';
import { CommentsPanel } from './index';

/** The comments of a property or scheme on its view page (spec A §2). */
export function CommentsSlot({
  entityType,
  entityId,
}: {
  entityType: 'property' | 'scheme';
  entityId: number;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label="Comments" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Comments
      </Typography>
      <CommentsPanel entityType={entityType} entityId={entityId} />
    </Paper>
  );
}
