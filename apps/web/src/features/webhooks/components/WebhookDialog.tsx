import { useId } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookCreateSchema,
  type WebhookCreate,
  type WebhookWithSecret,
} from '@frontage/shared';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { createWebhook, useWebhookCreated } from '../api';

const FIELDS = ['url', 'events', 'description'] as const;

/** Adds an endpoint: URL, events, description. The secret is shown by the page, once. */
export function WebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (hook: WebhookWithSecret) => void;
}) {
  const id = useId();
  const created = useWebhookCreated();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WebhookCreate>({
    resolver: zodResolver(webhookCreateSchema) as never,
    defaultValues: { url: '', events: ['deal.created'], description: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const hook = await createWebhook(values);
      created();
      onCreated(hook);
    } catch (err) {
      if (!applyServerErrors(err, setError, fieldsNamed(FIELDS))) throw err;
    }
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={`${id}-title`}>Add webhook</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="URL"
              required
              placeholder="https://example.com/hooks/frontage"
              {...register('url')}
              error={!!errors.url}
              helperText={errors.url?.message}
            />
            <Controller
              control={control}
              name="events"
              render={({ field }) => (
                <FormControl error={!!errors.events} component="fieldset">
                  <FormLabel component="legend">Events</FormLabel>
                  <FormGroup>
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <FormControlLabel
                        key={type}
                        label={`${type} — ${WEBHOOK_EVENT_LABELS[type]}`}
                        control={
                          <Checkbox
                            size="small"
                            checked={field.value.includes(type)}
                            onChange={(_e, on) =>
                              field.onChange(
                                on ? [...field.value, type] : field.value.filter((t) => t !== type),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {errors.events && <FormHelperText>{errors.events.message}</FormHelperText>}
                </FormControl>
              )}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              {...register('description')}
              error={!!errors.description}
              helperText={errors.description?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The signing secret, shown once after a create or a rotation. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const id = useId();
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>Signing secret</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormHelperText component="p">
            Copy this secret now: it will not be shown again. Verify each delivery with it (Standard
            Webhooks).
          </FormHelperText>
          <TextField
            label="Secret"
            value={secret ?? ''}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'webhook-secret' } }}
            onFocus={(e) => e.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(secret ?? '').catch(() => undefined)}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
