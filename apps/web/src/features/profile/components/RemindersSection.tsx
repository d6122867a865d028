import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatDateTime,
  REMINDER_MESSAGES,
  REMINDER_OFFSET_MAX_DAYS,
  REMINDER_OFFSETS_MAX,
  REMINDER_SCOPE_LABELS,
  REMINDER_SCOPES,
  reminderPreferencesBodySchema,
  sortOffsets,
  type ReminderPreferences,
  type ReminderPreferencesBody,
} from '@frontage/shared';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { useReminderPreferences, useSaveReminderPreferences } from '../api';
import { Section } from './Section';
import { WatchingList } from './WatchingList';

const bodyOf = (p: ReminderPreferences): ReminderPreferencesBody => ({
  scopes: p.scopes,
  hard: p.hard,
  soft: p.soft,
  hard_offsets: p.hard_offsets,
  soft_offsets: p.soft_offsets,
  email: p.email,
});

const REMINDER_FIELDS = ['scopes', 'hard', 'soft', 'hard_offsets', 'soft_offsets', 'email'] as const;

const daysLabel = (d: number) => (d === 0 ? 'On the day' : `${d} day${d === 1 ? '' : 's'} before`);

/**
 * Lease-event reminders (ADR 0089): whose units, which kinds of event, how many days before, and
 * e-mail on or off — with the way back after an e-mail's unsubscribe link.
 */
export function RemindersSection() {
  const query = useReminderPreferences();
  return (
    <Section title="Lease event reminders" id="reminders">
      {query.isPending ? (
        <Typography color="text.secondary">Loading reminder settings…</Typography>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          The reminder settings could not be loaded.
        </Alert>
      ) : (
        <RemindersForm prefs={query.data} />
      )}
    </Section>
  );
}

function RemindersForm({ prefs }: { prefs: ReminderPreferences }) {
  const save = useSaveReminderPreferences();
  const form = useForm<ReminderPreferencesBody>({
    resolver: zodResolver(reminderPreferencesBodySchema),
    values: bodyOf(prefs),
  });
  const { control, handleSubmit, setError, formState } = form;
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      enqueueSnackbar('Your reminder settings have been saved.', { variant: 'success' });
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(REMINDER_FIELDS));
    }
  });
  const turnEmailBackOn = async () => {
    await save.mutateAsync({ ...bodyOf(prefs), email: true });
    enqueueSnackbar('Reminder e-mails are on again.', { variant: 'success' });
  };
  const unsubscribed = !prefs.email && prefs.email_unsubscribed_at;
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Frontage reminds you in the app (the bell) of breaks, notice deadlines, reviews and expiries before
          they fall due.
        </Typography>
        {unsubscribed && (
          <Alert
            severity="info"
            data-testid="reminders-unsubscribed"
            action={
              <Button color="inherit" onClick={() => void turnEmailBackOn()} disabled={save.isPending}>
                Turn back on
              </Button>
            }
          >
            You unsubscribed from reminder e-mails on {formatDateTime(prefs.email_unsubscribed_at)}. Reminders
            still show in the app.
          </Alert>
        )}
        <Controller
          control={control}
          name="scopes"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error}>
              <FormLabel component="legend">Remind me of events on</FormLabel>
              <FormGroup>
                {REMINDER_SCOPES.map((scope) => (
                  <FormControlLabel
                    key={scope}
                    label={REMINDER_SCOPE_LABELS[scope]}
                    control={
                      <Checkbox
                        checked={field.value.includes(scope)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...field.value, scope]
                              : field.value.filter((s) => s !== scope),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <WatchingList />
        <OffsetsField
          control={control}
          kind="hard"
          label="Hard events: breaks, notice deadlines, statutory windows, expiry (time is of the essence)"
        />
        <OffsetsField
          control={control}
          kind="soft"
          label="Soft events: rent reviews, re-gear, holding over"
        />
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                label="E-mail me as well"
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
              {!prefs.email_available && (
                <FormHelperText>
                  E-mail is not available: the server sends no e-mail, or your contact has no e-mail address.
                </FormHelperText>
              )}
            </Box>
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending || !formState.isDirty}>
            Save reminders
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** A kind's on/off switch and its days-before chips: add with the field, remove with a chip's delete. */
function OffsetsField({
  control,
  kind,
  label,
}: {
  control: Control<ReminderPreferencesBody>;
  kind: 'hard' | 'soft';
  label: string;
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const name = kind === 'hard' ? 'hard_offsets' : 'soft_offsets';
  const inputId = `reminder-${kind}-add`;
  return (
    <FormControl component="fieldset">
      <Controller
        control={control}
        name={kind}
        render={({ field }) => (
          <FormControlLabel
            label={label}
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          />
        )}
      />
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const add = () => {
            const n = Number(draft.trim());
            if (!draft.trim() || !Number.isInteger(n) || n < 0 || n > REMINDER_OFFSET_MAX_DAYS)
              return setDraftError(REMINDER_MESSAGES.offsetRange);
            if (field.value.includes(n)) return setDraftError(REMINDER_MESSAGES.offsetsDuplicate);
            if (field.value.length >= REMINDER_OFFSETS_MAX)
              return setDraftError(REMINDER_MESSAGES.offsetsMax);
            field.onChange(sortOffsets([...field.value, n]));
            setDraft('');
            setDraftError(null);
          };
          return (
            <Box sx={{ pl: 4 }}>
              <Box
                component="ul"
                aria-label={`${kind === 'hard' ? 'Hard' : 'Soft'} event reminder days`}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0, mb: 1 }}
              >
                {field.value.length === 0 && (
                  <Typography component="li" variant="body2" color="text.secondary">
                    No reminder days
                  </Typography>
                )}
                {field.value.map((d) => (
                  <li key={d}>
                    <Chip
                      label={daysLabel(d)}
                      onDelete={() => field.onChange(field.value.filter((x) => x !== d))}
                      aria-label={`${daysLabel(d)} (Delete or Backspace removes it)`}
                    />
                  </li>
                ))}
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  id={inputId}
                  size="small"
                  label="Days before"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      add();
                    }
                  }}
                  error={!!draftError || !!fieldState.error}
                  helperText={draftError ?? fieldState.error?.message ?? `0 to ${REMINDER_OFFSET_MAX_DAYS}`}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ width: 160 }}
                />
                <Button onClick={add} aria-label={`Add ${kind} event reminder day`} sx={{ mt: 0.5 }}>
                  Add
                </Button>
              </Stack>
            </Box>
          );
        }}
      />
    </FormControl>
  );
}
