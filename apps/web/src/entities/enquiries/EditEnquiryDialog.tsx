import { useEffect, useId, type FormEvent } from 'react';
import { enqueueSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Skeleton,
  Typography,
} from '@mui/material';
import {
  DIALOG_WIDTHS,
  ENQUIRY_STAGE_LABELS,
  REASON_LABELS,
  formatDateTime,
  formatMoney,
} from '@frontage/shared';
import { StaleEditNotice } from '../../components/StaleEditNotice';
import { staleRows, useStaleEdit } from '../../lib/staleEdit';
import { submitOnEnter } from '../../components/RecordForm';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { ApiError } from '../../lib/http';
import { CommentsPanel, useUnsavedCommentGuard } from '../comments';
import { EnquiryMatches } from './EnquiryMatches';
import { useEnquiry, useUpdateEnquiry, type Enquiry } from './api';
import { EnquiryFields } from './EnquiryFields';
import { enquiryFieldOf, enquiryFormOf, enquiryUpdateOf, useEnquiryForm } from './enquiryForm';
import { useCompletedEnquiryQuestion } from './useCompletedEnquiryQuestion';

export const EDIT_ENQUIRY_TITLE = 'Editing Enquiry';

export interface EditEnquiryDialogProps {
  /** The enquiry to edit; null = closed. */
  id: number | null;
  onClose: () => void;
  onSaved?: (enquiry: Enquiry) => void;
}

/**
 * Edit Enquiry ('Editing Enquiry', max width 650; spec A §2): scheme, property, company, contact,
 * stage, reason, received on, the size and rent ranges, the created and updated stamps and the
 * enquiry's comments. Discard Changes and Save; a record the user may not edit (can_edit false)
 * shows its fields disabled and no Save. A save refreshes every enquiry list (refreshEnquiries)
 * and, when the enquiry ends as completed, asks whether to create a deal (spec A §4).
 */
export function EditEnquiryDialog({ id, onClose, onSaved }: EditEnquiryDialogProps) {
  const titleId = useId();
  const q = useEnquiry(id);
  const input = useDiscardGuard();
  const comments = useUnsavedCommentGuard();
  const question = useCompletedEnquiryQuestion();
  // Closing asks about an unsaved comment (spec A §8), and on Escape about unsaved input too.
  const close = () =>
    comments.confirm(() => {
      input.setDirty(false);
      comments.setDirty(false);
      onClose();
    });
  return (
    <>
      <Dialog
        open={id !== null}
        onClose={() => input.confirm(close)}
        fullWidth
        maxWidth={false}
        scroll="paper"
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.editEnquiry } } }}
      >
        <DialogTitle id={titleId}>{EDIT_ENQUIRY_TITLE}</DialogTitle>
        {q.data && q.data.id === id && q.isFetchedAfterMount ? (
          <EditEnquiryForm
            key={q.data.id}
            enquiry={q.data}
            onDiscard={close}
            onDirtyChange={input.setDirty}
            onCommentDirtyChange={comments.setDirty}
            onSaved={(e) => {
              onSaved?.(e);
              input.setDirty(false);
              comments.confirm(() => {
                comments.setDirty(false);
                onClose();
                question.ask(e);
              });
            }}
          />
        ) : (
          <>
            <DialogContent dividers>
              {q.isError ? (
                <Alert severity="error">This enquiry could not be loaded.</Alert>
              ) : (
                <Skeleton variant="rounded" height={360} aria-label="Loading enquiry" />
              )}
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 1.5 }}>
              <Button onClick={onClose}>Close</Button>
            </DialogActions>
          </>
        )}
        {input.dialog}
        {comments.dialog}
      </Dialog>
      {question.element}
    </>
  );
}

const ENQUIRY_FIELD_LABELS: Record<string, string> = {
  property_id: 'Property',
  scheme_id: 'Scheme',
  company_id: 'Company',
  user_id: 'Contact',
  received_at: 'Received Date',
  size_from: 'Size From',
  size_to: 'Size To',
  rent_from: 'Rent From',
  rent_to: 'Rent To',
  stage: 'Stage',
  reason: 'Reason',
};

/** Stage and reason by their labels, rents as money; the rest as the notice shows any field. */
const shownEnquiryField = (field: string, e: Enquiry): string | undefined => {
  if (field === 'stage') return ENQUIRY_STAGE_LABELS[e.stage];
  if (field === 'reason') return REASON_LABELS[e.reason];
  if (field === 'rent_from' || field === 'rent_to') return e[field] ? formatMoney(e[field]) : '—';
  return undefined;
};

function EditEnquiryForm({
  enquiry,
  onDiscard,
  onSaved,
  onDirtyChange,
  onCommentDirtyChange,
}: {
  enquiry: Enquiry;
  onDiscard: () => void;
  onSaved: (enquiry: Enquiry) => void;
  onDirtyChange: (dirty: boolean) => void;
  onCommentDirtyChange: (dirty: boolean) => void;
}) {
  const form = useEnquiryForm(enquiryFormOf(enquiry), null);
  const update = useUpdateEnquiry();
  const stale = useStaleEdit('enquiry', enquiry);
  const readOnly = !enquiry.can_edit;
  const {
    handleSubmit,
    formState: { isSubmitting, isDirty },
  } = form;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    if (readOnly) return;
    try {
      onSaved(
        await update.mutateAsync({ id: enquiry.id, body: enquiryUpdateOf(values), version: stale.version }),
      );
    } catch (err) {
      if (stale.catchStale(err)) return;
      if (
        !applyServerErrors(err, form.setError, enquiryFieldOf) &&
        err instanceof ApiError &&
        err.status === 422
      )
        enqueueSnackbar(Object.values(err.fieldErrors).join(', ') || err.message, { variant: 'error' });
    }
  });

  const onSubmit = (e: FormEvent) => {
    e.stopPropagation();
    void submit(e);
  };

  const by = enquiry.created_by?.name;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter in a field saves (ADR 0010)
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={submitOnEnter(() => void submit())}
      aria-label={EDIT_ENQUIRY_TITLE}
      style={{ display: 'contents' }}
    >
      <DialogContent dividers>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only its author, colleagues of the author's company and admins may change this enquiry.
          </Alert>
        )}
        {stale.current && (
          <StaleEditNotice
            rows={staleRows(stale, (f) => ENQUIRY_FIELD_LABELS[f] ?? f, shownEnquiryField)}
            onTakeCurrent={() => stale.takeCurrent((e) => form.reset(enquiryFormOf(e)))}
            onKeepMine={stale.keepMine}
          />
        )}
        <EnquiryFields form={form} withSubject disabled={readOnly} />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'center',
            mt: 2,
            color: 'text.secondary',
          }}
        >
          <Typography variant="body2">
            Created {formatDateTime(enquiry.created_at)}
            {by ? ` by ${by}` : ''}
          </Typography>
          <Typography variant="body2">Updated {formatDateTime(enquiry.updated_at)}</Typography>
          {(enquiry.unverified_history_count ?? 0) > 0 && (
            <Chip
              size="small"
              color="warning"
              label={`${enquiry.unverified_history_count} unverified changes`}
            />
          )}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box component="section" aria-labelledby={`enquiry-${enquiry.id}-comments`}>
          <Typography
            id={`enquiry-${enquiry.id}-comments`}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, mb: 1 }}
          >
            Comments
          </Typography>
          <CommentsPanel entityType="enquiry" entityId={enquiry.id} onDirtyChange={onCommentDirtyChange} />
        </Box>
        <Divider sx={{ my: 2 }} />
        <EnquiryMatches enquiryId={enquiry.id} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onDiscard}>{readOnly ? 'Close' : 'Discard Changes'}</Button>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Save
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
