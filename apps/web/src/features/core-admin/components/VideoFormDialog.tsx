import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from 'notistack';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  DIALOG_WIDTHS,
  VIDEO_MESSAGES,
  VIDEO_SORT_MAX,
  videoBodySchema,
  type Video,
  type VideoBody,
} from '@frontage/shared';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { useSaveVideo } from '../videosApi';

const FIELDS = ['video_name', 'route', 'video_id', 'sort_order'] as const;
const EMPTY: VideoBody = { video_name: '', route: '/', video_id: '', sort_order: 0 };

/** Add or edit a help video: `video` null adds one, `open` false hides the dialog. */
export function VideoFormDialog({
  open,
  video,
  onClose,
}: {
  open: boolean;
  video: Video | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const save = useSaveVideo();
  const guard = useDiscardGuard();
  const form = useForm<VideoBody>({ resolver: zodResolver(videoBodySchema), defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isDirty } = formState;

  useEffect(() => {
    if (open)
      reset(
        video
          ? {
              video_name: video.video_name,
              route: video.route,
              video_id: video.video_id,
              sort_order: video.sort_order,
            }
          : EMPTY,
      );
  }, [open, video, reset]);
  useEffect(() => guard.setDirty(isDirty), [guard, isDirty]);

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: video?.id ?? null, body });
      enqueueSnackbar(video ? VIDEO_MESSAGES.saved : VIDEO_MESSAGES.created, { variant: 'success' });
      guard.setDirty(false);
      onClose();
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(FIELDS));
    }
  });

  const field = (name: (typeof FIELDS)[number]) => ({
    error: !!errors[name],
    helperText: errors[name]?.message,
    fullWidth: true,
  });

  return (
    <Dialog
      open={open}
      onClose={() => guard.confirm(onClose)}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.company } } }}
    >
      <DialogTitle id={titleId}>{video ? 'Edit Video' : 'Add Video'}</DialogTitle>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" required {...register('video_name')} {...field('video_name')} />
            <TextField
              label="Page"
              required
              {...register('route')}
              {...field('route')}
              helperText={errors.route?.message ?? 'The path of the page, such as /properties'}
            />
            <TextField
              label="Video id or URL"
              required
              {...register('video_id')}
              {...field('video_id')}
              helperText={
                errors.video_id?.message ?? 'A hosted video id, or an https:// link to a video file'
              }
            />
            <TextField
              label="Order"
              type="number"
              slotProps={{ htmlInput: { min: 0, max: VIDEO_SORT_MAX, step: 1 } }}
              {...register('sort_order', { valueAsNumber: true })}
              {...field('sort_order')}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
      {guard.dialog}
    </Dialog>
  );
}
