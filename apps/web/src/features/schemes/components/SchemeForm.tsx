import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  TextField,
} from '@mui/material';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, SCHEME_MESSAGES, SCHEME_TYPES, type SchemeCreate } from '@frontage/shared';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { AddressPickerDialog } from '../../../entities/address/AddressPickerDialog';
import { PlaceSearchBox } from '../../../entities/address/PlaceSearchBox';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import type { CompanyRef } from '../../../entities/companies/api';
import { ContactPicker } from '../../../entities/contacts/ContactPicker';
import type { ContactRef } from '../../../entities/contacts/api';
import { CountrySelect } from '../../../components/fields/CountrySelect';
import { YearField } from '../../../components/fields/YearField';
import { FormSection, Wide } from '../../../components/FormSection';
import { emptyAddress, type AddressFormValues } from '../../../entities/properties/propertyForm';
import { createScheme } from '../../../entities/schemes/api';
import { placeKeys } from '../../../entities/properties/api';

interface Values {
  name: string;
  type: string;
  opened: string;
  car_spaces: string;
  is_under_construction: boolean;
  address: AddressFormValues;
  landlords: CompanyRef[];
  landlord_contacts: ContactRef[];
  landlord_agents: CompanyRef[];
  landlord_agent_contacts: ContactRef[];
}

const empty = (): Values => ({
  name: '',
  type: '',
  opened: '',
  car_spaces: '',
  is_under_construction: false,
  address: emptyAddress(),
  landlords: [],
  landlord_contacts: [],
  landlord_agents: [],
  landlord_agent_contacts: [],
});

const clientErrors = (v: Values): Record<string, string> => {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = SCHEME_MESSAGES.nameRequired;
  if (!v.type) e.type = SCHEME_MESSAGES.typeRequired;
  if (v.opened && v.opened.length !== 4) e.opened = SCHEME_MESSAGES.openedYear;
  if (v.car_spaces && !/^\d+$/.test(v.car_spaces)) e.car_spaces = SCHEME_MESSAGES.carSpaces;
  return e;
};

const toPayload = (v: Values): SchemeCreate => {
  const t = (s: string) => (s.trim() ? s.trim() : undefined);
  const a = v.address;
  const ids = (list: { id: number }[]) => (list.length ? list.map((x) => x.id) : undefined);
  return {
    name: v.name.trim(),
    type: v.type as SchemeCreate['type'],
    opened: v.opened ? Number(v.opened) : undefined,
    car_spaces: v.car_spaces ? Number(v.car_spaces) : undefined,
    is_under_construction: v.is_under_construction,
    address: {
      street: t(a.street),
      street2: t(a.street2),
      city: t(a.city),
      region: t(a.region),
      post_code: t(a.post_code),
      country: a.country,
      latitude: a.latitude ?? undefined,
      longitude: a.longitude ?? undefined,
    },
    landlords: ids(v.landlords),
    landlord_contacts: ids(v.landlord_contacts),
    landlord_agents: ids(v.landlord_agents),
    landlord_agent_contacts: ids(v.landlord_agent_contacts),
  };
};

const errorKey = (k: string) =>
  k.startsWith('address.') ? k : (k.split('.')[0] ?? k).replace(/^opened_at$/, 'opened');

/** Create a scheme (`/schemes/create`): name, type, opened, car spaces, address and landlord side. */
export function SchemeForm() {
  const [v, setV] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const set = <K extends keyof Values>(k: K, val: Values[K]) => setV((o) => ({ ...o, [k]: val }));
  const setAddress = (patch: Partial<AddressFormValues>) =>
    setV((o) => ({ ...o, address: { ...o.address, ...patch } }));
  const addTo = (k: 'landlords' | 'landlord_agents', c: CompanyRef) =>
    setV((o) => (o[k].some((x) => x.id === c.id) ? o : { ...o, [k]: [...o[k], c] }));

  const save = async () => {
    const local = clientErrors(v);
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      const s = await createScheme(toPayload(v));
      void qc.invalidateQueries({ queryKey: placeKeys.schemes });
      void navigate(`/schemes?id=${s.id}`);
    } catch (err) {
      const mapped: Record<string, string> = {};
      if (applyServerErrors(err, (f, e) => (mapped[f] = e.message), errorKey)) setErrors(mapped);
    } finally {
      setSaving(false);
    }
  };

  const text = (k: keyof AddressFormValues & string, label: string) => (
    <TextField
      size="small"
      label={label}
      value={v.address[k] ?? ''}
      onChange={(e) => setAddress({ [k]: e.target.value })}
      error={!!errors[`address.${k}`]}
      helperText={errors[`address.${k}`]}
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 900 }}>
      {Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.validationError} Please correct the highlighted fields.
        </Alert>
      )}
      <FormSection title="Scheme">
        <TextField
          size="small"
          label="Scheme Name"
          required
          value={v.name}
          onChange={(e) => set('name', e.target.value)}
          error={!!errors.name}
          helperText={errors.name}
          fullWidth
        />
        <TextField
          size="small"
          select
          label="Type"
          required
          value={v.type}
          onChange={(e) => set('type', e.target.value)}
          error={!!errors.type}
          helperText={errors.type}
          fullWidth
        >
          {SCHEME_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <YearField
          size="small"
          label="Opened (Year)"
          value={v.opened}
          onChange={(y) => set('opened', y)}
          error={!!errors.opened}
          helperText={errors.opened}
          fullWidth
        />
        <TextField
          size="small"
          label="Car Spaces"
          value={v.car_spaces}
          onChange={(e) => set('car_spaces', e.target.value.replace(/\D/g, ''))}
          error={!!errors.car_spaces}
          helperText={errors.car_spaces}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={v.is_under_construction}
              onChange={(e) => set('is_under_construction', e.target.checked)}
            />
          }
          label="Under Construction?"
        />
      </FormSection>
      <FormSection
        title="Address"
        action={
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setPicking(true)}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <MapOutlinedIcon fontSize="small" />
            Fill From Map
          </Link>
        }
      >
        <Wide>
          <PlaceSearchBox
            onPick={(c) =>
              setAddress({
                street: c.line1 ?? v.address.street,
                city: c.city ?? '',
                region: c.state ?? '',
                post_code: c.zip ?? '',
                country: c.country ?? v.address.country,
                latitude: c.lat,
                longitude: c.lng,
              })
            }
          />
        </Wide>
        {text('street', 'Street')}
        {text('street2', 'Street 2 (Optional)')}
        {text('city', 'City')}
        {text('region', 'Region')}
        {text('post_code', 'Post Code')}
        <CountrySelect value={v.address.country} onChange={(country) => setAddress({ country })} />
      </FormSection>
      <FormSection title="Landlord Contacts">
        <CompanyPicker
          multiple
          label="Landlords"
          value={v.landlords}
          onChange={(x) => set('landlords', x)}
          error={!!errors.landlords}
          helperText={errors.landlords}
        />
        <ContactPicker
          multiple
          label="Landlord Contacts"
          value={v.landlord_contacts}
          onChange={(x) => set('landlord_contacts', x)}
          pairedCompanies={v.landlords}
          onAddCompany={(c) => addTo('landlords', c)}
          error={!!errors.landlord_contacts}
          helperText={errors.landlord_contacts}
        />
        <CompanyPicker
          multiple
          label="Landlord Agents"
          value={v.landlord_agents}
          onChange={(x) => set('landlord_agents', x)}
          error={!!errors.landlord_agents}
          helperText={errors.landlord_agents}
        />
        <ContactPicker
          multiple
          label="Landlord Agent Contacts"
          value={v.landlord_agent_contacts}
          onChange={(x) => set('landlord_agent_contacts', x)}
          pairedCompanies={v.landlord_agents}
          onAddCompany={(c) => addTo('landlord_agents', c)}
          error={!!errors.landlord_agent_contacts}
          helperText={errors.landlord_agent_contacts}
        />
      </FormSection>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
        <Button onClick={() => void navigate('/schemes')} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      </Box>
      <AddressPickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onSelect={(p) => setAddress({ ...p })}
        initial={
          v.address.latitude !== null && v.address.longitude !== null
            ? { lat: v.address.latitude, lng: v.address.longitude }
            : null
        }
      />
    </Paper>
  );
}
