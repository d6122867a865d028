import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Webhook } from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeading } from '../../../components/PageHeading';
import { useDeleteWebhook, useRotateSecret, useUpdateWebhook, useWebhooks } from '../api';
import { DeliveryLog } from '../components/DeliveryLog';
import { SecretDialog, WebhookDialog } from '../components/WebhookDialog';

/**
 * /webhooks (admins, ADR 0098): the endpoints, adding one (its secret shown once), rotating its
 * secret, disabling, enabling and deleting it, and the delivery log of the one selected.
 */
export default function WebhooksPage() {
  const hooks = useWebhooks();
  const [adding, setAdding] = useState(0);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const list = hooks.data ?? [];
  const shown = list.find((h) => h.id === selected) ?? null;
  return (
    <>
      <PageHeading
        title="Webhooks"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(Date.now())}>
            Add webhook
          </Button>
        }
      />
      <Stack spacing={3}>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Webhook endpoints">
            <TableHead>
              <TableRow>
                <TableCell>URL</TableCell>
                <TableCell>Events</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Typography variant="body2" color="text.secondary">
                      {hooks.isLoading ? 'Loading…' : 'No webhooks yet'}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {list.map((h) => (
                <TableRow
                  key={h.id}
                  selected={h.id === selected}
                  // The row whose log shows is marked by a bar, not MUI's tint: hovered, the tint
                  // took the status chip and the row's buttons below 4.5:1 in both themes.
                  sx={{
                    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'transparent' },
                    '&.Mui-selected > td:first-of-type': {
                      boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}`,
                    },
                  }}
                >
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {h.url}
                    {h.description && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {h.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{h.events.join(', ')}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={h.enabled ? 'success' : 'default'}
                      label={h.enabled ? 'Enabled' : 'Disabled'}
                    />
                    {h.disabled_reason && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {h.disabled_reason}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
                      <Button
                        size="small"
                        onClick={() => setSelected(h.id)}
                        aria-label={`Deliveries of ${h.url}`}
                        aria-pressed={h.id === selected}
                      >
                        Deliveries
                      </Button>
                      <Button
                        size="small"
                        aria-label={`Rotate secret of ${h.url}`}
                        onClick={() => rotate.mutate(h.id, { onSuccess: (r) => setSecret(r.secret) })}
                      >
                        Rotate secret
                      </Button>
                      <Button
                        size="small"
                        aria-label={`${h.enabled ? 'Disable' : 'Enable'} ${h.url}`}
                        onClick={() => update.mutate({ id: h.id, body: { enabled: !h.enabled } })}
                      >
                        {h.enabled ? 'Disable' : 'Enable'}
                      </Button>
                      <Button size="small" aria-label={`Delete ${h.url}`} onClick={() => setDeleting(h)}>
                        Delete
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {shown && <DeliveryLog key={shown.id} hook={shown} />}
      </Stack>
      {adding > 0 && (
        <WebhookDialog
          key={adding}
          open
          onClose={() => setAdding(0)}
          onCreated={(hook) => {
            setAdding(0);
            setSelected(hook.id);
            setSecret(hook.secret);
          }}
        />
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook"
        message={`Delete the webhook to ${deleting?.url ?? ''} and its delivery log?`}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          if (deleting?.id === selected) setSelected(null);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
