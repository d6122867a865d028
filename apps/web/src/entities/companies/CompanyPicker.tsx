import { useState } from 'react';
import { Typography } from '@mui/material';
import { DEBOUNCE_PICKER_MS, MESSAGES, type Company } from '@frontage/shared';
import {
  EntityPicker,
  withPicked,
  type PickerFieldProps,
  type PickerValueProps,
} from '../../components/EntityPicker';
import { companySearchOptions, type CompanyRef } from './api';
import { CreateCompanyDialog } from './CreateCompanyDialog';
import { VerificationIndicator } from './VerificationIndicator';

export type CompanyPickerProps = PickerFieldProps & PickerValueProps<CompanyRef>;

/**
 * Searchable company picker (spec A §2, §7, §9): server search debounced 375 ms, 100 per page with
 * the retailer-verification record (include=scraper) shown as a dot on every option and chip; when
 * nothing matches it says 'No companies found' and offers 'Create a new company', which opens
 * Create Company over it and selects the result.
 */
export function CompanyPicker(props: CompanyPickerProps) {
  const [creating, setCreating] = useState<string | null>(null);
  const { value, onChange, multiple, ...field } = props;

  const change = (next: CompanyRef | CompanyRef[] | null) =>
    multiple
      ? (onChange as (v: CompanyRef[]) => void)(next as CompanyRef[])
      : (onChange as (v: CompanyRef | null) => void)(next as CompanyRef | null);

  return (
    <>
      <EntityPicker<CompanyRef>
        label="Company"
        {...field}
        multiple={!!multiple}
        value={value}
        onValueChange={change}
        searchOptions={companySearchOptions}
        debounceMs={DEBOUNCE_PICKER_MS}
        noneFound={MESSAGES.noCompaniesFound}
        createLabel={MESSAGES.createNewCompany}
        createButtonLabel="New company"
        onCreateRequest={setCreating}
        renderIcon={(c) => <VerificationIndicator company={c} />}
        renderOption={(c) => (
          <>
            <VerificationIndicator company={c} />
            <Typography variant="body2" noWrap component="span">
              {c.name}
            </Typography>
          </>
        )}
      />
      <CreateCompanyDialog
        open={creating !== null}
        initialName={creating ?? ''}
        onClose={() => setCreating(null)}
        onCreated={(company: Company) => change(withPicked(!!multiple, value, company))}
        onUseExisting={(company) => change(withPicked(!!multiple, value, company))}
      />
    </>
  );
}
