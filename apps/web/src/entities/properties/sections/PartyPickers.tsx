import { CompanyPicker } from '../../companies/CompanyPicker';
import type { CompanyRef } from '../../companies/api';
import { ContactPicker } from '../../contacts/ContactPicker';
import type { ContactRef } from '../../contacts/api';
import { Bound, useSection, type SectionProps } from './Bound';

interface PickerProps extends SectionProps {
  /** The list's field name under the prefix (landlords, tenant_agents …). */
  name: string;
  label: string;
  readOnly?: boolean;
  /** A hint under the field (shown while it has no error). */
  hint?: string;
}

/** One company (Tenant, Tenant (Legal)), with its "+" to create one in place. */
export function CompanyField({ prefix, name, label, disabled, hint }: PickerProps) {
  const { path } = useSection(prefix);
  return (
    <Bound<CompanyRef | null> name={path(name)}>
      {(f) => (
        <CompanyPicker
          label={label}
          value={f.value ?? null}
          onChange={f.onChange}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error ?? hint}
        />
      )}
    </Bound>
  );
}

/** A list of companies (landlords, agents), read-only when it is the scheme's. */
export function CompanyList({ prefix, name, label, disabled, readOnly }: PickerProps) {
  const { path } = useSection(prefix);
  return (
    <Bound<CompanyRef[]> name={path(name)}>
      {(f) => (
        <CompanyPicker
          multiple
          label={label}
          value={f.value ?? []}
          onChange={f.onChange}
          disabled={disabled || readOnly}
          allowCreate={!readOnly}
          error={!!f.error}
          helperText={f.error}
        />
      )}
    </Bound>
  );
}

/**
 * A list of contacts. With `pairedWith` (the company list it belongs to), choosing a contact whose
 * company is missing from that list adds it (spec B §2).
 */
export function ContactList({
  prefix,
  name,
  label,
  disabled,
  readOnly,
  pairedWith,
}: PickerProps & { pairedWith?: string }) {
  const { path, getValues, setValue, watch } = useSection(prefix);
  const paired = pairedWith ? path(pairedWith) : null;
  const pairedCompanies = (paired ? watch(paired) : undefined) as CompanyRef[] | undefined;
  const addCompany = (c: CompanyRef) => {
    if (!paired) return;
    const list = (getValues(paired) as CompanyRef[] | undefined) ?? [];
    if (!list.some((x) => x.id === c.id)) setValue(paired, [...list, c], { shouldDirty: true });
  };
  return (
    <Bound<ContactRef[]> name={path(name)}>
      {(f) => (
        <ContactPicker
          multiple
          label={label}
          value={f.value ?? []}
          onChange={(v: ContactRef[]) => f.onChange(v)}
          pairedCompanies={paired ? (pairedCompanies ?? []) : undefined}
          onAddCompany={paired ? addCompany : undefined}
          disabled={disabled || readOnly}
          allowCreate={!readOnly}
          error={!!f.error}
          helperText={f.error}
        />
      )}
    </Bound>
  );
}
