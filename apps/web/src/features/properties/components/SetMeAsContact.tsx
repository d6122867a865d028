import { useState } from 'react';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../../components/PageHeading';
import { placeKeys, setMeAsContact, useProperty, type ContactRole } from '../../../entities/properties/api';
import { propertyTitle } from './PropertyView';

const idOf = (raw: string | null): number | null => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/**
 * /set-me-as-landlord-contact and /set-me-as-tenant-contact (spec A §2): take `?id=`, show the
 * property, and on confirmation add the signed-in user to its contacts, then open the property.
 */
export function SetMeAsContact({ side: role }: { side: ContactRole }) {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const q = useProperty(id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const title = role === 'landlord' ? 'Set Me As Landlord Contact' : 'Set Me As Tenant Contact';

  const confirm = async () => {
    if (!id) return;
    setSaving(true);
    try {
      const p = await setMeAsContact(id, role);
      qc.setQueryData(placeKeys.property(id), undefined);
      void qc.invalidateQueries({ queryKey: placeKeys.properties });
      void navigate(`/properties?id=${p.id}`);
    } catch {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeading title={title} />
      {!id ? (
        <Alert severity="warning">No property was given. Open this page from a property.</Alert>
      ) : q.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : q.isError || !q.data ? (
        <Alert severity="error">This property could not be loaded.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 640 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {propertyTitle(q.data)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {q.data.address?.full_address}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Tenant: {q.data.tenant?.name ?? 'Vacant'}
            {q.data.scheme ? ` · Scheme: ${q.data.scheme.name}` : ''}
          </Typography>
          <Typography sx={{ mb: 2 }}>Add yourself as a {role} contact of this property?</Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(`/properties?id=${id}`)} disabled={saving}>
              Cancel
            </Button>
            <Button variant="contained" onClick={() => void confirm()} loading={saving}>
              Confirm
            </Button>
          </Box>
        </Paper>
      )}
    </>
  );
}
