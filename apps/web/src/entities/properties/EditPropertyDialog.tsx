import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { enqueueSnackbar } from 'notistack';
import { DIALOG_WIDTHS, addressIsMissing, propertyUpdateSchema, type Property } from '@frontage/shared';
import { useUpdateProperty } from './api';
import { PropertyDialog } from './PropertyDialogFrame';
import { EditRecordBody } from './EditRecordBody';
import {
  AddressSection,
  AreasSection,
  LandlordSection,
  LeaseInfoSection,
  PropertyInfoSection,
  RentInfoSection,
} from './sections';
import { formFromProperty, toUpdatePayload, unverifiedFieldPaths } from './propertyEdit';
import type { PropertyFormValues } from './propertyForm';
import { usePropertyForm } from './usePropertyForm';
import { useAddressCheck } from './useAddressCheck';
import { useStaleEdit } from '../../lib/staleEdit';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The record as the view shows it; the dialog keeps its values at opening as the form's base. */
  property: Property;
}

const TITLE_ID = 'edit-property-title';

/**
 * Edit Property: the standalone dialog's sections filled from the record. A unit
 * inside a scheme keeps its address read-only (the scheme's), as in New Scheme Property. Fields
 * with unverified history carry a marker. Saved with one PUT of what changed (ADR 0066).
 */
export function EditPropertyDialog({ open, onClose, property }: Props) {
  return (
    <PropertyDialog open={open} onClose={onClose} width={DIALOG_WIDTHS.standaloneProperty} titleId={TITLE_ID}>
      {(setDirty) => <EditPropertyForm onClose={onClose} property={property} onDirtyChange={setDirty} />}
    </PropertyDialog>
  );
}

function EditPropertyForm({
  onClose,
  property,
  onDirtyChange,
}: Omit<Props, 'open'> & { onDirtyChange: (dirty: boolean) => void }) {
  // The record and the form as they were at opening: what the payload is compared with (and what
  // a "changed since you opened it" check compares the server's record with).
  const [base, setBase] = useState<{ record: Property; values: PropertyFormValues }>(() => ({
    record: property,
    values: formFromProperty(property),
  }));
  // A save names the version it was opened on; a refused one shows what changed since (ADR 0060).
  // Keeping one's changes sends only the fields the user changed, so another person's change to
  // a field this user left alone is kept.
  const stale = useStaleEdit('property', property);
  const inScheme = base.record.scheme_id !== null;
  const toPayload = (v: PropertyFormValues) => toUpdatePayload(base.values, v, !inScheme);
  const { form, saving, refused, dirty, save } = usePropertyForm(
    () => base.values,
    propertyUpdateSchema,
    toPayload,
  );
  const update = useUpdateProperty(base.record.id);
  // Clearing a standalone property's address asks first; one saved without an address is not asked again.
  const addressCheck = useAddressCheck();
  const hadAddress = !inScheme && !addressIsMissing(base.values.address);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // The markers follow the record as it is now (the view refreshes it after a verification).
  const unverified = unverifiedFieldPaths(property.unverified_history_columns);

  const submit = async () => {
    let changed = true;
    let refusedAsStale = false;
    const ok = await save(async (v) => {
      const body = toPayload(v);
      changed = Object.keys(body).length > 0;
      if (!changed) return;
      try {
        await update.mutateAsync({ body, version: stale.version });
      } catch (err) {
        if (!stale.catchStale(err)) throw err;
        refusedAsStale = true;
      }
    });
    if (!ok || refusedAsStale) return;
    if (changed) enqueueSnackbar('Property updated.', { variant: 'success' });
    onClose();
  };

  return (
    <FormProvider {...form}>
      <EditRecordBody
        title="Edit Property"
        titleId={TITLE_ID}
        saving={saving}
        refused={refused}
        onCancel={onClose}
        onSave={() =>
          hadAddress ? addressCheck.ask(form.getValues().address, () => void submit()) : void submit()
        }
        unverified={unverified}
        stale={stale}
        onTakeCurrent={(current) => {
          const values = formFromProperty(current);
          form.reset(values);
          setBase({ record: current, values });
        }}
      >
        <AddressSection disabled={saving} readOnly={inScheme} notes={!inScheme} />
        <PropertyInfoSection disabled={saving} />
        <AreasSection disabled={saving} />
        <LeaseInfoSection disabled={saving} />
        <RentInfoSection disabled={saving} />
        <LandlordSection disabled={saving} />
      </EditRecordBody>
      {addressCheck.dialog}
    </FormProvider>
  );
}
