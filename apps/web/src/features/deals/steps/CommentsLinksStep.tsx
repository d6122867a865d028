import { Box, Typography } from '@mui/material';
import { CommentsPanel } from '../../../entities/comments';
import { FormSection, Wide } from '../../../components/FormSection';
import { useWizard } from '../wizard/WizardContext';
import { LinksField } from './LinksField';

/** The property's comments panel inside a wizard step (spec B §2): its unsaved state guards closing. */
export function WizardComments() {
  const w = useWizard();
  if (!w.property) return null;
  return (
    <Box component="section" aria-label="Comments">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Comments
      </Typography>
      <CommentsPanel entityType="property" entityId={w.property.id} onDirtyChange={w.setCommentDirty} />
    </Box>
  );
}

/** The last step of most wizards: Comments And Links (optional), then Finish. */
export function CommentsLinksStep() {
  return (
    <>
      <FormSection title="Links">
        <Wide>
          <LinksField />
        </Wide>
      </FormSection>
      <Box sx={{ mt: 2.5 }}>
        <WizardComments />
      </Box>
    </>
  );
}
