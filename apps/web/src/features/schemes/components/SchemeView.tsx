import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, type Scheme } from '@frontage/shared';
import { CommentsSlot } from '../../../entities/comments/CommentsSlot';
import { Detail, DetailCard, EntityLink } from '../../../components/DetailList';
import { AddressDetails } from '../../../entities/address/AddressDetails';
import { LANDLORD_LISTS, PartyDetails } from '../../../entities/properties/PartyDetails';
import { HistoryPanel } from '../../../entities/history/HistoryPanel';
import { SchemePropertyDialog } from '../../../entities/properties/SchemePropertyDialog';
import { useScheme } from '../../../entities/schemes/api';
import { placeKeys } from '../../../entities/properties/api';
import { CreateDealButton } from '../../../entities/deals/CreateDealButton';
import { EnquiriesCard } from '../../../entities/enquiries/EnquiriesCard';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { SchemeDeals } from './SchemeDeals';
import { ArchiveButton, ArchivedBanner } from '../../../entities/archive/ArchiveControls';
import { WatchButton } from '../../../entities/watch/WatchButton';
import { LoadingBlock } from '../../../components/LoadingBlock';

// Loaded on the first Edit: the view opens without the form's code.
const EditSchemeDialog = lazy(() =>
  import('../../../entities/schemes/EditSchemeDialog').then((m) => ({ default: m.EditSchemeDialog })),
);

/** The scheme view (`/schemes?id=`): its details, landlord side, units, deals and history. */
export function SchemeView({ id }: { id: number }) {
  const q = useScheme(id);
  if (q.isPending) return <LoadingBlock label="Loading scheme" height={320} />;
  if (q.isError || !q.data) return <Alert severity="error">This scheme could not be loaded.</Alert>;
  return <SchemeDetails s={q.data} />;
}

function SchemeDetails({ s }: { s: Scheme }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [editOpened, setEditOpened] = useState(false);
  const unverified = new Set(s.unverified_history_columns ?? []);
  const u = (f: string) => unverified.has(f);
  const a = s.address;
  const units = s.properties ?? [];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
          {s.name}
        </Typography>
        <Chip size="small" label={s.type} variant="outlined" />
        {(s.unverified_history_count ?? 0) > 0 && (
          <Chip color="warning" size="small" label={`${s.unverified_history_count} unverified changes`} />
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => {
            setEditOpened(true);
            setEditing(true);
          }}
        >
          Edit
        </Button>
        {/* No deal on, and no unit added to, an archived scheme (ADR 0078). */}
        {!s.archived_at && <CreateDealButton kind="scheme" id={s.id} />}
        <Button size="small" variant="outlined" component={RouterLink} to={`/comparables?scheme_id=${s.id}`}>
          Comparables
        </Button>
        {!s.archived_at && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Unit
          </Button>
        )}
        <WatchButton type="scheme" id={s.id} />
        <ArchiveButton kind="scheme" record={s} />
      </Box>
      <ArchivedBanner kind="scheme" record={s} />
      <Typography variant="body2" color="text.secondary">
        {a?.full_address}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <DetailCard title="Scheme">
          <Detail label="Scheme Name" unverified={u('name')}>
            {s.name}
          </Detail>
          <Detail label="Type" unverified={u('type')}>
            {s.type}
          </Detail>
          <Detail label="Opened" unverified={u('opened_at')}>
            {s.opened_at}
          </Detail>
          <Detail label="Car Spaces" unverified={u('car_spaces')}>
            {s.car_spaces?.toLocaleString('en-GB')}
          </Detail>
          <Detail label="Under Construction?" unverified={u('is_under_construction')}>
            {s.is_under_construction ? 'Yes' : 'No'}
          </Detail>
        </DetailCard>
        <AddressDetails address={a} unverified={u} />
        <DetailCard title="Landlord Contacts">
          <PartyDetails record={s} lists={LANDLORD_LISTS} unverified={u} />
        </DetailCard>
        <CommentsSlot entityType="scheme" entityId={s.id} />
      </Box>

      <Paper variant="outlined" component="section" aria-label="Units" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Units ({units.length})
        </Typography>
        {units.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No units recorded in this scheme yet.
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Units">
              <TableHead>
                <TableRow>
                  <TableCell>Unit</TableCell>
                  <TableCell>Tenant</TableCell>
                  <TableCell>Lease End Date</TableCell>
                  <TableCell align="right">Rent Pa</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {units.map((unit) => (
                  <TableRow key={unit.id} hover>
                    <TableCell>
                      <EntityLink to={`/properties?id=${unit.id}`}>
                        {unit.building_num || unit.address.full_address}
                      </EntityLink>
                    </TableCell>
                    <TableCell>
                      {unit.tenant ? (
                        <CompanyName company={unit.tenant} />
                      ) : (
                        <Box component="span" sx={{ color: 'text.secondary' }}>
                          Vacant
                        </Box>
                      )}
                    </TableCell>
                    <TableCell>{formatDate(unit.lease_end_date)}</TableCell>
                    <TableCell align="right">
                      {unit.rent_pa ? formatMoney(unit.rent_pa, unit.currency) : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>
      <SchemeDeals schemeId={s.id} />
      <EnquiriesCard subject={{ kind: 'scheme', id: s.id, label: s.name }} />
      <HistoryPanel entity="scheme" id={s.id} refresh={placeKeys.scheme(s.id)} />
      {editOpened && (
        <Suspense fallback={null}>
          <EditSchemeDialog open={editing} onClose={() => setEditing(false)} scheme={s} />
        </Suspense>
      )}
      <SchemePropertyDialog
        open={adding}
        onClose={() => setAdding(false)}
        scheme={{ id: s.id, name: s.name }}
      />
      <Button component={RouterLink} to="/schemes" sx={{ alignSelf: 'flex-start' }}>
        Back to Schemes
      </Button>
    </Stack>
  );
}
