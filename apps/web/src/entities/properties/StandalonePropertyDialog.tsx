import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { DIALOG_WIDTHS, propertyCreateSchema } from '@frontage/shared';
import { useMe } from '../../lib/session';
import { createStandaloneProperty, placeKeys, type CreatedProperty } from './api';
import { PropertyDialog, PropertyDialogBody } from './PropertyDialogFrame';
import {
  AddressSection,
  AreasSection,
  LandlordSection,
  LeaseInfoSection,
  PropertyInfoSection,
  RentInfoSection,
} from './sections';
import { emptyPropertyForm, propertyCreatedMessage, toStandalonePayload } from './propertyForm';
import { usePropertyForm } from './usePropertyForm';
import { useAddressCheck } from './useAddressCheck';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Spec B §4: on success the new property is emitted, the form cleared and the dialog closed. */
  onCreated?: (property: CreatedProperty) => void;
}

const TITLE_ID = 'standalone-property-title';

/** New Standalone Property (spec B §2, max width 700). Nothing is required. */
export function StandalonePropertyDialog({ open, onClose, onCreated }: Props) {
  return (
    <PropertyDialog open={open} onClose={onClose} width={DIALOG_WIDTHS.standaloneProperty} titleId={TITLE_ID}>
      {(setDirty) => <StandaloneForm onClose={onClose} onCreated={onCreated} onDirtyChange={setDirty} />}
    </PropertyDialog>
  );
}

function StandaloneForm({
  onClose,
  onCreated,
  onDirtyChange,
}: Omit<Props, 'open'> & { onDirtyChange: (dirty: boolean) => void }) {
  const me = useMe().data;
  const qc = useQueryClient();
  const { form, saving, refused, dirty, save } = usePropertyForm(
    () => emptyPropertyForm(me?.currency),
    propertyCreateSchema,
    toStandalonePayload,
  );
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const addressCheck = useAddressCheck();
  const submit = async () => {
    let made: CreatedProperty | null = null;
    let sent = form.getValues();
    const ok = await save(async (v) => {
      sent = v;
      made = await createStandaloneProperty(toStandalonePayload(v));
    });
    if (!ok || !made) return;
    enqueueSnackbar(propertyCreatedMessage(sent), { variant: 'success' });
    void qc.invalidateQueries({ queryKey: placeKeys.properties });
    onCreated?.(made);
    onClose();
  };
  return (
    <FormProvider {...form}>
      <PropertyDialogBody
        title="New Standalone Property"
        titleId={TITLE_ID}
        saving={saving}
        refused={refused}
        onCancel={onClose}
        onSave={() => addressCheck.ask(form.getValues().address, () => void submit())}
      >
        <AddressSection disabled={saving} notes />
        <PropertyInfoSection disabled={saving} />
        <AreasSection disabled={saving} />
        <LeaseInfoSection disabled={saving} />
        <RentInfoSection disabled={saving} />
        <LandlordSection disabled={saving} />
      </PropertyDialogBody>
      {addressCheck.dialog}
    </FormProvider>
  );
}
