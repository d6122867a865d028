import { Box, Typography } from '@mui/material';
import { CommentsPanel } from '../../../entities/comments';
import { FormSection, Wide } from '../../../components/FormSection';
import { useWizard } from '../wizard/WizardContext';
import { LinksField } from './LinksField';

/**
 * The property's comments panel inside a wizard step (spec B §2; a scheme sale's: the scheme's):
 * its unsaved state guards closing.
 */
export function WizardComments() {
  const w = useWizard();
  const on = w.property
    ? ({ type: 'property', id: w.property.id } as const)
    : w.scheme
      ? ({ type: 'scheme', id: w.scheme.id } as const)
      : null;
  if (!on) return null;
  return (
    <Box component="section" aria-label="Comments">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Comments
      </Typography>
      <CommentsPanel key={on.type} entityType={on.type} entityId={on.id} onDirtyChange={w.setCommentDirty} />
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
