import { useState } from 'react';
import { Link, TextField } from '@mui/material';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { AddressPickerDialog } from '../../address/AddressPickerDialog';
import { PlaceSearchBox } from '../../address/PlaceSearchBox';
import type { GeocodeCandidate, PickedAddress } from '../../address/geocode';
import { CountrySelect } from '../../../components/fields/CountrySelect';
import { FormSection, Wide } from '../../../components/FormSection';
import type { AddressFormValues } from '../propertyForm';
import { Bound, useSection, type SectionProps } from './Bound';

/** Read-only fields (the scheme's address) look set apart from the ones the user fills. */
export const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

type AddressText = Exclude<keyof AddressFormValues, 'latitude' | 'longitude' | 'country'>;

/**
 * Address block: Unit and the address under `<prefix>address.`; editable (with Fill From Map and
 * the autofill box) or read-only (a scheme unit's address is the scheme's).
 */
export function AddressSection({
  prefix,
  disabled,
  readOnly,
  unit = true,
  notes = false,
}: SectionProps & {
  readOnly?: boolean;
  /** The Unit field (building_num); a scheme's own address has none. */
  unit?: boolean;
  /** The address's Notes (spec B §3: the standalone property payload carries them). */
  notes?: boolean;
}) {
  const { path, setValue, getValues } = useSection(prefix);
  const [picking, setPicking] = useState(false);
  const setAddress = (patch: Partial<AddressFormValues>) => {
    for (const [key, value] of Object.entries(patch))
      setValue(path(`address.${key}`), value, { shouldDirty: true, shouldValidate: false });
  };
  const address = (): AddressFormValues => getValues(path('address')) as AddressFormValues;
  const fill = (p: PickedAddress) =>
    setAddress({
      street: p.street,
      city: p.city,
      region: p.region,
      post_code: p.post_code,
      country: p.country,
      latitude: p.latitude,
      longitude: p.longitude,
    });
  const fromSearch = (c: GeocodeCandidate) =>
    setAddress({
      street: c.line1 ?? address().street,
      city: c.city ?? '',
      region: c.state ?? '',
      post_code: c.zip ?? '',
      country: c.country ?? address().country,
      latitude: c.lat,
      longitude: c.lng,
    });
  const text = (name: string, label: string, locked = readOnly) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <TextField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          slotProps={{ input: { readOnly: locked } }}
          sx={locked ? READ_ONLY_SX : undefined}
          fullWidth
        />
      )}
    </Bound>
  );
  const line = (key: AddressText, label: string) => text(`address.${key}`, label);
  const at = picking ? address() : null;
  return (
    <FormSection
      title="Address"
      action={
        readOnly ? undefined : (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setPicking(true)}
            disabled={disabled}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <MapOutlinedIcon fontSize="small" />
            Fill From Map
          </Link>
        )
      }
    >
      {!readOnly && (
        <Wide>
          <PlaceSearchBox onPick={fromSearch} />
        </Wide>
      )}
      {unit && text('building_num', 'Unit', false)}
      {line('street', 'Street')}
      {line('street2', 'Street 2 (Optional)')}
      {line('city', 'City')}
      {line('region', 'Region')}
      {line('post_code', 'Post Code')}
      <Bound<string> name={path('address.country')}>
        {(f) => (
          <CountrySelect
            value={f.value}
            onChange={f.onChange}
            disabled={disabled}
            readOnly={readOnly}
            error={!!f.error}
            helperText={f.error}
          />
        )}
      </Bound>
      {notes && (
        <Wide>
          <Bound<string> name={path('address.notes')}>
            {(f) => (
              <TextField
                size="small"
                label="Notes (Optional)"
                value={f.value ?? ''}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
                disabled={disabled}
                error={!!f.error}
                helperText={f.error}
                multiline
                minRows={2}
                fullWidth
              />
            )}
          </Bound>
        </Wide>
      )}
      {!readOnly && (
        <AddressPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          onSelect={fill}
          initial={
            at && at.latitude !== null && at.longitude !== null
              ? { lat: at.latitude, lng: at.longitude }
              : null
          }
        />
      )}
    </FormSection>
  );
}
