import { Typography } from '@mui/material';
import { DEBOUNCE_PICKER_MS } from '@frontage/shared';
import { EntityPicker, type PickerFieldProps } from '../../components/EntityPicker';
import type { CompanyRef } from '../companies/api';
import { VerificationIndicator } from '../companies/VerificationIndicator';
import { trackedRetailerSearchOptions } from './api';

/** A single-choice picker over the tracked retailers (GET /api/tracked-retailers?q=), with the indicator. */
export function TrackedRetailerPicker({
  value,
  onChange,
  ...field
}: Omit<PickerFieldProps, 'allowCreate'> & {
  value: CompanyRef | null;
  onChange: (value: CompanyRef | null) => void;
}) {
  return (
    <EntityPicker<CompanyRef>
      label="Retailer"
      {...field}
      allowCreate={false}
      multiple={false}
      value={value}
      onValueChange={(next) => onChange(next as CompanyRef | null)}
      searchOptions={trackedRetailerSearchOptions}
      debounceMs={DEBOUNCE_PICKER_MS}
      noneFound="No tracked retailers found"
      createLabel=""
      createButtonLabel=""
      onCreateRequest={() => {}}
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
  );
}
