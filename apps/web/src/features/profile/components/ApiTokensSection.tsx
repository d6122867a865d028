import { useState } from 'react';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  API_TOKEN_TEXT as TEXT,
  INTEGRATION_ACCOUNT_TEXT as ACCOUNT_TEXT,
  formatDate,
  formatDateTime,
  type ApiToken,
} from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useCurrentUser } from '../../../lib/session';
import { useApiTokens, useRevokeApiToken } from '../api';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { CreateIntegrationAccountDialog } from './CreateIntegrationAccountDialog';
import { Section } from './Section';

/**
 * The profile's API tokens (ADR 0097): the list (name, scopes, created, expires, last used),
 * Create Token (the token shown once) and Revoke, after a confirmation. An admin also makes
 * integration accounts here, and goes straight on to the new account's first token (ADR 0104).
 */
export function ApiTokensSection() {
  const me = useCurrentUser();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const isAdmin = me?.type === 'admin';
  /** The token dialog is open, for me or for an integration account's id. */
  const [creating, setCreating] = useState<false | { owner: string }>(false);
  const [makingAccount, setMakingAccount] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const list = tokens.data?.data ?? [];
  // Expired as of when the list was read (render stays pure; the list is read again on focus).
  const now = tokens.dataUpdatedAt;

  return (
    <Section title={TEXT.title} id="api-tokens">
      <Stack spacing={1.5}>
        <Typography variant="body2">{TEXT.intro}</Typography>
        {tokens.isSuccess && list.length === 0 && (
          <Typography variant="body2" role="status">
            {TEXT.none}
          </Typography>
        )}
        {list.length > 0 && (
          <TableContainer>
            <Table size="small" aria-labelledby="api-tokens-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{TEXT.name}</TableCell>
                  <TableCell>{TEXT.scopes}</TableCell>
                  <TableCell>{TEXT.created}</TableCell>
                  <TableCell>{TEXT.expires}</TableCell>
                  <TableCell>{TEXT.lastUsed}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((t) => {
                  const expired = new Date(t.expires_at).getTime() <= now;
                  return (
                    <TableRow key={t.id}>
                      <TableCell>
                        <Typography variant="body2">{t.name}</Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                          {t.hint}
                          {t.owner.is_integration ? ` · ${t.owner.name}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
                        {t.scopes.join(', ')}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(t.created_at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDate(t.expires_at)}
                        {expired ? ` (${TEXT.expired})` : ''}
                      </TableCell>
                      <TableCell>
                        {t.last_used_at ? (
                          <>
                            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                              {formatDateTime(t.last_used_at)}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                              {t.last_used_ip}
                            </Typography>
                          </>
                        ) : (
                          TEXT.never
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setRevoking(t)}
                          aria-label={`${TEXT.revoke} ${t.name}`}
                        >
                          {TEXT.revoke}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={() => setCreating({ owner: 'me' })}
            disabled={!tokens.isSuccess}
          >
            {TEXT.create}
          </Button>
          {isAdmin && (
            <Button variant="outlined" onClick={() => setMakingAccount(true)} disabled={!tokens.isSuccess}>
              {ACCOUNT_TEXT.create}
            </Button>
          )}
        </Stack>
      </Stack>
      <CreateApiTokenDialog
        open={creating !== false}
        onClose={() => setCreating(false)}
        isAdmin={isAdmin}
        accounts={tokens.data?.meta.integration_accounts ?? []}
        owner={creating ? creating.owner : 'me'}
      />
      <CreateIntegrationAccountDialog
        open={makingAccount}
        onClose={() => setMakingAccount(false)}
        onCreated={(account) => {
          setMakingAccount(false);
          setCreating({ owner: String(account.id) });
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        message={TEXT.revokeConfirm}
        confirmLabel={TEXT.revoke}
        cancelLabel="Cancel"
        onConfirm={() => {
          const t = revoking;
          setRevoking(null);
          if (t) revoke.mutate(t.id);
        }}
        onCancel={() => setRevoking(null)}
      />
    </Section>
  );
}
