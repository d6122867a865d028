import { useState } from 'react';
import { Link, TextField } from '@mui/material';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { CompanyPicker } from '../companies/CompanyPicker';
import type { CompanyRef } from '../companies/api';
import { ContactPicker } from '../contacts/ContactPicker';
import type { ContactRef } from '../contacts/api';
import { AddressPickerDialog } from '../address/AddressPickerDialog';
import { PlaceSearchBox } from '../address/PlaceSearchBox';
import type { GeocodeCandidate, PickedAddress } from '../address/geocode';
import { AreaChecklist } from '../../components/fields/AreaChecklist';
import { CountrySelect } from '../../components/fields/CountrySelect';
import { CurrencySelect } from '../../components/fields/CurrencySelect';
import { DateField } from '../../components/fields/DateField';
import { MoneyField } from '../../components/fields/MoneyField';
import { FormSection, Wide } from '../../components/FormSection';
import type { AddressFormValues, CompanyListName, ContactListName, PropertyFormValues } from './propertyForm';

export type SetField = <K extends keyof PropertyFormValues>(key: K, value: PropertyFormValues[K]) => void;

interface SectionProps {
  value: PropertyFormValues;
  set: SetField;
  errors: Record<string, string>;
  disabled?: boolean;
}

/** Read-only fields (the scheme's address) look set apart from the ones the user fills. */
export const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

const addCompany = (list: CompanyRef[], c: CompanyRef) =>
  list.some((x) => x.id === c.id) ? list : [...list, c];

/** Address block: editable (standalone, with Fill From Map and the autofill box) or read-only (scheme). */
export function AddressSection({
  value,
  set,
  errors,
  disabled,
  readOnly,
}: SectionProps & { readOnly?: boolean }) {
  const [picking, setPicking] = useState(false);
  const a = value.address;
  const setAddress = (patch: Partial<AddressFormValues>) => set('address', { ...a, ...patch });
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
      street: c.line1 ?? a.street,
      city: c.city ?? '',
      region: c.state ?? '',
      post_code: c.zip ?? '',
      country: c.country ?? a.country,
      latitude: c.lat,
      longitude: c.lng,
    });
  const field = (
    key: Exclude<keyof AddressFormValues, 'latitude' | 'longitude' | 'country'>,
    label: string,
  ) => (
    <TextField
      size="small"
      label={label}
      value={a[key]}
      onChange={(e) => setAddress({ [key]: e.target.value })}
      disabled={disabled}
      error={!!errors[`address.${key}`]}
      helperText={errors[`address.${key}`]}
      slotProps={{ input: { readOnly } }}
      sx={readOnly ? READ_ONLY_SX : undefined}
      fullWidth
    />
  );
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
      <TextField
        size="small"
        label="Unit"
        value={value.building_num}
        onChange={(e) => set('building_num', e.target.value)}
        disabled={disabled}
        error={!!errors.building_num}
        helperText={errors.building_num}
        fullWidth
      />
      {field('street', 'Street')}
      {field('street2', 'Street 2 (Optional)')}
      {field('city', 'City')}
      {field('region', 'Region')}
      {field('post_code', 'Post Code')}
      <CountrySelect
        value={a.country}
        onChange={(country) => setAddress({ country })}
        disabled={disabled}
        readOnly={readOnly}
        error={!!errors['address.country']}
        helperText={errors['address.country']}
      />
      {!readOnly && (
        <AddressPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          onSelect={fill}
          initial={a.latitude !== null && a.longitude !== null ? { lat: a.latitude, lng: a.longitude } : null}
        />
      )}
    </FormSection>
  );
}

function CompanyList(p: SectionProps & { name: CompanyListName; label: string; readOnly?: boolean }) {
  return (
    <CompanyPicker
      multiple
      label={p.label}
      value={p.value[p.name]}
      onChange={(v) => p.set(p.name, v)}
      disabled={p.disabled || p.readOnly}
      allowCreate={!p.readOnly}
      error={!!p.errors[p.name]}
      helperText={p.errors[p.name]}
    />
  );
}

function ContactList(
  p: SectionProps & {
    name: ContactListName;
    label: string;
    pairedWith?: CompanyListName;
    readOnly?: boolean;
  },
) {
  const paired = p.pairedWith;
  return (
    <ContactPicker
      multiple
      label={p.label}
      value={p.value[p.name]}
      onChange={(v: ContactRef[]) => p.set(p.name, v)}
      pairedCompanies={paired ? p.value[paired] : undefined}
      onAddCompany={paired ? (c) => p.set(paired, addCompany(p.value[paired], c)) : undefined}
      disabled={p.disabled || p.readOnly}
      allowCreate={!p.readOnly}
      error={!!p.errors[p.name]}
      helperText={p.errors[p.name]}
    />
  );
}

/** Property Info: the tenant side, each picker with its "+" to create a company or contact in place. */
export function PropertyInfoSection(p: SectionProps) {
  return (
    <FormSection title="Property Info">
      <CompanyPicker
        label="Tenant"
        value={p.value.tenant}
        onChange={(v) => p.set('tenant', v)}
        disabled={p.disabled}
        error={!!p.errors.tenant}
        helperText={p.errors.tenant}
      />
      <CompanyPicker
        label="Tenant (Legal)"
        value={p.value.legal_tenant}
        onChange={(v) => p.set('legal_tenant', v)}
        disabled={p.disabled}
        error={!!p.errors.legal_tenant}
        helperText={p.errors.legal_tenant}
      />
      <CompanyList {...p} name="tenant_agents" label="Tenant Agents" />
      <ContactList
        {...p}
        name="tenant_agent_contacts"
        label="Tenant Agent Contacts"
        pairedWith="tenant_agents"
      />
      <Wide>
        <ContactList {...p} name="tenant_contacts" label="Tenant Contacts" />
      </Wide>
    </FormSection>
  );
}

export function AreasSection(p: SectionProps) {
  return (
    <FormSection title="Areas">
      <Wide>
        <AreaChecklist
          value={p.value.areas}
          onChange={(v) => p.set('areas', v)}
          errors={p.errors}
          disabled={p.disabled}
        />
      </Wide>
    </FormSection>
  );
}

export function LeaseInfoSection(p: SectionProps) {
  const date = (
    name: 'lease_start_date' | 'lease_end_date' | 'next_review_date' | 'break_date',
    label: string,
  ) => (
    <DateField
      size="small"
      label={label}
      value={p.value[name]}
      onChange={(v) => p.set(name, v)}
      disabled={p.disabled}
      error={!!p.errors[name]}
      helperText={p.errors[name]}
      fullWidth
    />
  );
  const clause = (name: 'rent_review_clause' | 'break_clause', label: string) => (
    <TextField
      size="small"
      label={label}
      value={p.value[name]}
      onChange={(e) => p.set(name, e.target.value)}
      disabled={p.disabled}
      error={!!p.errors[name]}
      helperText={p.errors[name]}
      multiline
      maxRows={4}
      fullWidth
    />
  );
  return (
    <FormSection title="Lease Info">
      {date('lease_start_date', 'Lease Start Date')}
      {date('lease_end_date', 'Lease End Date')}
      {date('next_review_date', 'Next Review Date')}
      {date('break_date', 'Break Date')}
      {clause('rent_review_clause', 'Rent Review Clause')}
      {clause('break_clause', 'Break Clause')}
    </FormSection>
  );
}

export function RentInfoSection(p: SectionProps) {
  const money = (name: 'rent_pa' | 'rent_sqft' | 'rateable_value' | 'service_charge', label: string) => (
    <MoneyField
      size="small"
      label={label}
      currency={p.value.currency}
      value={p.value[name]}
      onChange={(v) => p.set(name, v)}
      disabled={p.disabled}
      error={!!p.errors[name]}
      helperText={p.errors[name]}
      fullWidth
    />
  );
  const free = (name: 'incentive' | 'planning', label: string) => (
    <TextField
      size="small"
      label={label}
      value={p.value[name]}
      onChange={(e) => p.set(name, e.target.value)}
      disabled={p.disabled}
      error={!!p.errors[name]}
      helperText={p.errors[name]}
      fullWidth
    />
  );
  return (
    <FormSection title="Rent Info">
      <CurrencySelect
        size="small"
        value={p.value.currency}
        onChange={(v) => p.set('currency', v)}
        disabled={p.disabled}
        error={!!p.errors.currency}
        helperText={p.errors.currency}
        fullWidth
      />
      {money('rent_pa', 'Rent Pa')}
      {money('rent_sqft', 'Rent per sqft')}
      {money('rateable_value', 'Rateable Value')}
      {money('service_charge', 'Service Charge')}
      {free('incentive', 'Incentive')}
      {free('planning', 'Planning')}
    </FormSection>
  );
}

/** Landlord Contacts: editable for a standalone unit, read-only (the scheme's) inside a scheme. */
export function LandlordSection(p: SectionProps & { readOnly?: boolean }) {
  return (
    <FormSection title="Landlord Contacts">
      <CompanyList {...p} name="landlords" label="Landlords" />
      <ContactList {...p} name="landlord_contacts" label="Landlord Contacts" pairedWith="landlords" />
      <CompanyList {...p} name="landlord_agents" label="Landlord Agents" />
      <ContactList
        {...p}
        name="landlord_agent_contacts"
        label="Landlord Agent Contacts"
        pairedWith="landlord_agents"
      />
    </FormSection>
  );
}
