import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { DEBOUNCE_PICKER_MS, PAGE_SIZE_PICKER } from '@frontage/shared';
import {
  EntityPicker,
  withPicked,
  type PickerFieldProps,
  type PickerValueProps,
} from '../../components/EntityPicker';
import type { CompanyRef } from '../companies/api';
import { VerificationIndicator } from '../companies/VerificationIndicator';
import { contactSearchOptions, type Contact, type ContactRef } from './api';
import { CreateContactDialog } from './CreateContactDialog';

export const NO_CONTACTS_FOUND = 'No contacts found';
export const CREATE_NEW_CONTACT = 'Create a new contact';

export type ContactPickerProps = PickerFieldProps &
  PickerValueProps<ContactRef> & {
    /** Results per search: 100 (spec A §9), 50 in enquiry pickers. */
    perPage?: number;
    /** Only contacts of this company. */
    companyId?: number | null;
    /**
     * The company list this contact list is paired with (e.g. landlords ↔ landlord contacts):
     * choosing a contact whose company is not in it calls onAddCompany (spec B §2).
     */
    pairedCompanies?: readonly CompanyRef[];
    onAddCompany?: (company: CompanyRef) => void;
    /** Prefills the company of a contact created from here. */
    createWithCompany?: CompanyRef | null;
  };

/** The contact → company pairing rule: the company to add, or null. */
export const missingPairedCompany = (
  contact: ContactRef,
  paired: readonly CompanyRef[] | undefined,
): CompanyRef | null => {
  if (!paired || !contact.company_id) return null;
  if (paired.some((c) => c.id === contact.company_id)) return null;
  return contact.company ?? null;
};

/**
 * Searchable contact picker: server search debounced 375 ms, include=company; each option shows
 * the contact's e-mail and company; 'No contacts found' offers 'Create a new contact'.
 */
export function ContactPicker(props: ContactPickerProps) {
  const [creating, setCreating] = useState<string | null>(null);
  const {
    value,
    onChange,
    multiple,
    perPage = PAGE_SIZE_PICKER,
    companyId = null,
    pairedCompanies,
    onAddCompany,
    createWithCompany = null,
    ...field
  } = props;

  const change = (next: ContactRef | ContactRef[] | null, added: ContactRef | null) => {
    if (multiple) (onChange as (v: ContactRef[]) => void)(next as ContactRef[]);
    else (onChange as (v: ContactRef | null) => void)(next as ContactRef | null);
    const company = added ? missingPairedCompany(added, pairedCompanies) : null;
    if (company) onAddCompany?.(company);
  };

  return (
    <>
      <EntityPicker<ContactRef>
        label="Contact"
        {...field}
        multiple={!!multiple}
        value={value}
        onValueChange={change}
        searchOptions={(q) => contactSearchOptions(q, perPage, companyId)}
        debounceMs={DEBOUNCE_PICKER_MS}
        noneFound={NO_CONTACTS_FOUND}
        createLabel={CREATE_NEW_CONTACT}
        createButtonLabel="New contact"
        onCreateRequest={setCreating}
        renderOption={(c) => (
          <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Typography variant="body2" noWrap component="span">
              {c.name}
            </Typography>
            {(c.email || c.company) && (
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                component="span"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {c.email}
                {c.email && c.company ? ' · ' : ''}
                {c.company && (
                  <>
                    <VerificationIndicator company={c.company} size={8} />
                    {c.company.name}
                  </>
                )}
              </Typography>
            )}
          </Box>
        )}
      />
      <CreateContactDialog
        open={creating !== null}
        initialName={creating ?? ''}
        initialCompany={createWithCompany}
        onClose={() => setCreating(null)}
        onCreated={(contact: Contact) => change(withPicked(!!multiple, value, contact), contact)}
        onUseExisting={(contact) => change(withPicked(!!multiple, value, contact), contact)}
      />
    </>
  );
}
