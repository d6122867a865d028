import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { enqueueSnackbar } from 'notistack';
import {
  INTEGRATION_ACCOUNT_NAME_MAX,
  INTEGRATION_ACCOUNT_TEXT as TEXT,
  TOAST_DURATION_MS,
  integrationAccountCreateSchema,
  type IntegrationAccount,
  type IntegrationAccountCreate,
} from '@frontage/shared';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { useCreateIntegrationAccount } from '../api';

export interface CreateIntegrationAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** The account was made: the section goes on to its first token. */
  onCreated: (account: IntegrationAccount) => void;
}

/**
 * An admin makes an integration account (ADR 0104): a name, and whether its tokens may be given
 * admin routes. Escape or a click outside asks before losing a typed name.
 */
export function CreateIntegrationAccountDialog({
  open,
  onClose,
  onCreated,
}: CreateIntegrationAccountDialogProps) {
  const titleId = useId();
  const guard = useDiscardGuard();
  const close = () => {
    guard.setDirty(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={() => guard.confirm(close)}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{TEXT.create}</DialogTitle>
      {open && (
        <AccountFields
          onDirtyChange={guard.setDirty}
          onCancel={close}
          onCreated={(account) => {
            guard.setDirty(false);
            enqueueSnackbar(TEXT.created, { variant: 'success', autoHideDuration: TOAST_DURATION_MS });
            onCreated(account);
          }}
        />
      )}
      {guard.dialog}
    </Dialog>
  );
}

function AccountFields({
  onDirtyChange,
  onCancel,
  onCreated,
}: {
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onCreated: (account: IntegrationAccount) => void;
}) {
  const create = useCreateIntegrationAccount();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<IntegrationAccountCreate>({
    defaultValues: { name: '', admin: false },
    resolver: zodResolver(integrationAccountCreateSchema),
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const submit = handleSubmit(async (v) => {
    try {
      onCreated(await create.mutateAsync(v));
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(['name', 'admin'] as const));
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
          <Typography variant="body2">{TEXT.intro}</Typography>
          <TextField
            label={TEXT.name}
            required
            {...register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: INTEGRATION_ACCOUNT_NAME_MAX } }}
          />
          <Controller
            control={control}
            name="admin"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />
                }
                label={TEXT.admin}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {TEXT.create}
        </Button>
      </DialogActions>
    </form>
  );
}
