import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { DIALOG_WIDTHS } from '@frontage/shared';
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
} from './PropertyFormSections';
import { emptyPropertyForm, propertyCreatedMessage, toStandalonePayload } from './propertyForm';
import { usePropertyForm } from './usePropertyForm';

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
  const form = usePropertyForm(() => emptyPropertyForm(me?.currency));
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);
  const save = async () => {
    let made: CreatedProperty | null = null;
    const ok = await form.save(async (v) => {
      made = await createStandaloneProperty(toStandalonePayload(v));
    });
    if (!ok || !made) return;
    enqueueSnackbar(propertyCreatedMessage(form.value), { variant: 'success' });
    void qc.invalidateQueries({ queryKey: placeKeys.properties });
    onCreated?.(made);
    onClose();
  };
  const props = { value: form.value, set: form.set, errors: form.errors, disabled: form.saving };
  return (
    <PropertyDialogBody
      title="New Standalone Property"
      titleId={TITLE_ID}
      saving={form.saving}
      refused={form.refused}
      onCancel={onClose}
      onSave={() => void save()}
    >
      <AddressSection {...props} />
      <PropertyInfoSection {...props} />
      <AreasSection {...props} />
      <LeaseInfoSection {...props} />
      <RentInfoSection {...props} />
      <LandlordSection {...props} />
    </PropertyDialogBody>
  );
}
