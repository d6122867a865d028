import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  DATE_MESSAGES,
  NEWS_DESCRIPTION_MAX,
  NEWS_MESSAGES,
  NEWS_TITLE_MAX,
  formatDate,
  parseTypedDate,
  todayIso,
  type NewsItem,
} from '@frontage/shared';
import { DateField } from '../../../components/fields/DateField';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { useSaveNewsItem } from '../../../entities/news/api';

interface NewsForm {
  title: string;
  /** dd/mm/yyyy as typed. */
  published_on: string;
  description: string;
  body: string;
}

const FIELDS = ['title', 'published_on', 'description', 'body'] as const;

const formOf = (item: NewsItem | null): NewsForm => ({
  title: item?.title ?? '',
  published_on: formatDate(item?.published_on ?? todayIso()),
  description: item?.description ?? '',
  body: item?.body ?? '',
});

export interface NewsItemDialogProps {
  /** 'new', an item to edit, or null = closed. */
  item: NewsItem | 'new' | null;
  onClose: () => void;
}

/**
 * Create or edit a news item of What's New (admins, /core tab News): title, publish date
 * (dd/mm/yyyy; today = published the moment it is saved, ADR 0061), description and body (plain
 * text, blank lines between paragraphs, or HTML; the server sanitizes it). Escape or a click
 * outside asks before losing typed input.
 */
export function NewsItemDialog({ item, onClose }: NewsItemDialogProps) {
  const titleId = useId();
  const guard = useDiscardGuard();
  const editing = item !== null && item !== 'new' ? item : null;
  return (
    <Dialog
      open={item !== null}
      onClose={() => guard.confirm(onClose)}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{editing ? 'Edit news item' : 'New news item'}</DialogTitle>
      {item !== null && (
        <NewsItemForm
          key={editing?.id ?? 'new'}
          item={editing}
          onDirtyChange={guard.setDirty}
          onCancel={() => {
            guard.setDirty(false);
            onClose();
          }}
          onSaved={() => {
            guard.setDirty(false);
            onClose();
          }}
        />
      )}
      {guard.dialog}
    </Dialog>
  );
}

function NewsItemForm({
  item,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  item: NewsItem | null;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const save = useSaveNewsItem();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<NewsForm>({ defaultValues: formOf(item) });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (v) => {
    let bad = false;
    if (!v.title.trim()) {
      setError('title', { type: 'required', message: NEWS_MESSAGES.titleRequired });
      bad = true;
    }
    const day = parseTypedDate(v.published_on);
    if (!day) {
      setError('published_on', {
        type: 'required',
        message: v.published_on.trim() ? DATE_MESSAGES.invalidTyped : NEWS_MESSAGES.dateRequired,
      });
      bad = true;
    }
    if (bad || !day) return;
    try {
      await save.mutateAsync({
        id: item?.id ?? null,
        body: { title: v.title, published_on: day, description: v.description, body: v.body },
      });
      onSaved();
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(FIELDS));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.stopPropagation();
        void submit(e);
      }}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label="Title"
            required
            {...register('title')}
            error={!!errors.title}
            helperText={errors.title?.message}
            slotProps={{ htmlInput: { maxLength: NEWS_TITLE_MAX } }}
          />
          <Controller
            control={control}
            name="published_on"
            render={({ field }) => (
              <DateField
                label="Publish date"
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!errors.published_on}
                helperText={errors.published_on?.message}
              />
            )}
          />
          <TextField
            label="Description"
            {...register('description')}
            error={!!errors.description}
            helperText={errors.description?.message}
            slotProps={{ htmlInput: { maxLength: NEWS_DESCRIPTION_MAX } }}
          />
          <TextField
            label="Body"
            multiline
            minRows={6}
            {...register('body')}
            error={!!errors.body}
            helperText={errors.body?.message ?? 'Plain text (a blank line between paragraphs) or HTML.'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
