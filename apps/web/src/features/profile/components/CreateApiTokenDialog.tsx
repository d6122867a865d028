import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { enqueueSnackbar } from 'notistack';
import {
  API_TOKEN_AREAS,
  API_TOKEN_AREA_LABELS,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_TEXT as TEXT,
  TOAST_DURATION_MS,
  apiTokenCreateBodySchema,
  type ApiTokenArea,
  type ApiTokenCreateBody,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@frontage/shared';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { flatResolver, payloadIssues } from '../../../lib/flatResolver';
import { useCreateApiToken } from '../api';

type Access = 'none' | 'read' | 'write';

interface TokenForm {
  name: string;
  /** Days as typed. */
  expires_in_days: string;
  access: Record<ApiTokenArea, Access>;
  admin: boolean;
  /** 'me' or an integration account's id. */
  owner: string;
}

const blank: TokenForm = {
  name: '',
  expires_in_days: String(API_TOKEN_DEFAULT_DAYS),
  access: Object.fromEntries(API_TOKEN_AREAS.map((a) => [a, 'none'])) as Record<ApiTokenArea, Access>,
  admin: false,
  owner: 'me',
};

const payloadOf = (v: TokenForm): ApiTokenCreateBody => ({
  name: v.name,
  scopes: [
    ...API_TOKEN_AREAS.flatMap((a): ApiTokenScope[] =>
      v.access[a] === 'none' ? [] : [`${a}:${v.access[a]}`],
    ),
    ...(v.admin ? (['admin'] as const) : []),
  ],
  expires_in_days: v.expires_in_days.trim() === '' ? Number.NaN : Number(v.expires_in_days),
  ...(v.owner !== 'me' ? { owner_id: Number(v.owner) } : {}),
});

/** The payload's field → the form's (a scope's problem is shown under the scopes). */
const fieldOf = (path: string): string =>
  path.startsWith('scopes') ? 'access' : path === 'owner_id' ? 'owner' : path;

const resolver = flatResolver<TokenForm>((v) => {
  const issues = payloadIssues(apiTokenCreateBodySchema, payloadOf(v), fieldOf);
  if (issues.access) issues.access = TEXT.pickScope;
  return issues;
});

export interface CreateApiTokenDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in user is an admin (may give the admin scope). */
  isAdmin: boolean;
  /** Integration accounts an admin may make a token for. */
  accounts: Array<{ id: number; name: string }>;
  /** Whose token the form starts with: 'me' or an integration account's id. */
  owner?: string;
}

/**
 * Makes an API token (ADR 0097): name, read or read-and-write per area, expiry; then shows the
 * token once, with a copy button. Escape or a click outside asks before losing typed input;
 * once the token is shown, closing needs Done (it cannot be seen again).
 */
export function CreateApiTokenDialog({
  open,
  onClose,
  isAdmin,
  accounts,
  owner = 'me',
}: CreateApiTokenDialogProps) {
  const titleId = useId();
  const guard = useDiscardGuard();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    guard.setDirty(false);
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={() => (created ? undefined : guard.confirm(close))}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{created ? created.name : TEXT.create}</DialogTitle>
      {open &&
        (created ? (
          <ShownOnce created={created} onDone={close} />
        ) : (
          <TokenFields
            isAdmin={isAdmin}
            accounts={accounts}
            owner={owner}
            onDirtyChange={guard.setDirty}
            onCancel={close}
            onCreated={(c) => {
              guard.setDirty(false);
              setCreated(c);
            }}
          />
        ))}
      {guard.dialog}
    </Dialog>
  );
}

function TokenFields({
  isAdmin,
  accounts,
  owner,
  onDirtyChange,
  onCancel,
  onCreated,
}: {
  isAdmin: boolean;
  accounts: Array<{ id: number; name: string }>;
  owner: string;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const create = useCreateApiToken();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TokenForm>({ defaultValues: { ...blank, owner }, resolver });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const scopesError = (errors.access as { message?: string } | undefined)?.message;

  const submit = handleSubmit(async (v) => {
    try {
      onCreated(await create.mutateAsync(payloadOf(v)));
    } catch (err) {
      applyServerErrors(err, setError, (key) => fieldOf(key) as keyof TokenForm);
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
            label={TEXT.name}
            required
            {...register('name')}
            error={!!errors.name}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: API_TOKEN_NAME_MAX } }}
          />
          {isAdmin && accounts.length > 0 && (
            <Controller
              control={control}
              name="owner"
              render={({ field }) => (
                <TextField
                  select
                  label={TEXT.owner}
                  {...field}
                  error={!!errors.owner}
                  helperText={errors.owner?.message}
                >
                  <MenuItem value="me">{TEXT.me}</MenuItem>
                  {accounts.map((a) => (
                    <MenuItem key={a.id} value={String(a.id)}>
                      {a.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <FormControl component="fieldset" error={!!scopesError}>
            <FormLabel component="legend">{TEXT.scopes}</FormLabel>
            <Stack spacing={0.75} sx={{ mt: 1 }}>
              {API_TOKEN_AREAS.map((area) => (
                <Controller
                  key={area}
                  control={control}
                  name={`access.${area}`}
                  render={({ field }) => (
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" id={`scope-${area}`} sx={{ flex: 1 }}>
                        {API_TOKEN_AREA_LABELS[area]}
                      </Typography>
                      <ToggleButtonGroup
                        exclusive
                        size="small"
                        value={field.value}
                        onChange={(_e, v: Access | null) => v && field.onChange(v)}
                        aria-labelledby={`scope-${area}`}
                      >
                        <ToggleButton value="none">{TEXT.none_access}</ToggleButton>
                        <ToggleButton value="read">{TEXT.read}</ToggleButton>
                        <ToggleButton value="write">{TEXT.readWrite}</ToggleButton>
                      </ToggleButtonGroup>
                    </Stack>
                  )}
                />
              ))}
              {isAdmin && (
                <Controller
                  control={control}
                  name="admin"
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                      }
                      label={TEXT.admin}
                    />
                  )}
                />
              )}
            </Stack>
            {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
          </FormControl>
          <TextField
            label={TEXT.expiry}
            required
            type="number"
            {...register('expires_in_days')}
            error={!!errors.expires_in_days}
            helperText={errors.expires_in_days?.message ?? `1 to ${API_TOKEN_MAX_DAYS}`}
            slotProps={{ htmlInput: { min: 1, max: API_TOKEN_MAX_DAYS, inputMode: 'numeric' } }}
            sx={{ maxWidth: 220 }}
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

function ShownOnce({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      enqueueSnackbar(TEXT.copied, { variant: 'success', autoHideDuration: TOAST_DURATION_MS });
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      field.current?.select();
    }
  };
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Alert severity="warning">{TEXT.shownOnce}</Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Token"
              value={created.token}
              size="small"
              fullWidth
              // Wraps rather than scrolls, so the whole token (underscores included) is in view.
              multiline
              inputRef={field}
              onFocus={(e) => e.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              }}
            />
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {TEXT.copy}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {TEXT.done}
        </Button>
      </DialogActions>
    </>
  );
}
