import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { DIALOG_WIDTHS, schemePropertyCreateSchema } from '@frontage/shared';
import { useMe } from '../../lib/session';
import { createSchemeProperty, placeKeys, type CreatedProperty } from './api';
import { useScheme } from '../schemes/api';
import { FormSection, Wide } from '../../components/FormSection';
import { PropertyDialog, PropertyDialogBody } from './PropertyDialogFrame';
import {
  AddressSection,
  AreasSection,
  LandlordSection,
  LeaseInfoSection,
  PropertyInfoSection,
  RentInfoSection,
} from './sections';
import { SchemeCombobox, type SchemeOption } from '../schemes/SchemeCombobox';
import {
  SCHEME_FILLED,
  emptyPropertyForm,
  fillFromScheme,
  propertyCreatedMessage,
  toSchemePropertyPayload,
} from './propertyForm';
import { usePropertyForm } from './usePropertyForm';

export const SCHEME_REQUIRED = 'Please select a scheme.';
const TITLE_ID = 'scheme-property-title';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated?: (property: CreatedProperty) => void;
  /** Opening from a scheme ("Add Unit"): the combobox is filled and disabled. */
  scheme?: SchemeOption | null;
}

/**
 * New Scheme Property (spec B §2, max width 700): the address and the landlord lists come from the
 * scheme and are read-only; Unit, the tenant side, areas, lease and rent are entered.
 */
export function SchemePropertyDialog({ open, onClose, onCreated, scheme = null }: Props) {
  return (
    <PropertyDialog open={open} onClose={onClose} width={DIALOG_WIDTHS.schemeProperty} titleId={TITLE_ID}>
      {(setDirty) => (
        <SchemePropertyForm onClose={onClose} onCreated={onCreated} fixed={scheme} onDirtyChange={setDirty} />
      )}
    </PropertyDialog>
  );
}

function SchemePropertyForm({
  onClose,
  onCreated,
  fixed,
  onDirtyChange,
}: Omit<Props, 'open' | 'scheme'> & {
  fixed: SchemeOption | null;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const me = useMe().data;
  const qc = useQueryClient();
  const { form, saving, refused, dirty, save } = usePropertyForm(
    () => emptyPropertyForm(me?.currency),
    schemePropertyCreateSchema,
    toSchemePropertyPayload,
  );
  const [picked, setPicked] = useState<SchemeOption | null>(fixed);
  const [schemeError, setSchemeError] = useState<string | undefined>();
  const loaded = useScheme(picked?.id ?? null);
  const changed = dirty || picked?.id !== fixed?.id;
  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);
  // The scheme's address and landlord lists are shown (and sent) as they are, never edited here.
  const scheme = picked && loaded.data?.id === picked.id ? loaded.data : null;
  const { setValue, getValues } = form;
  useEffect(() => {
    const filled = scheme ? fillFromScheme(getValues(), scheme) : emptyPropertyForm();
    for (const key of SCHEME_FILLED) setValue(key, filled[key]);
  }, [scheme, getValues, setValue]);

  const submit = async () => {
    if (!picked) {
      setSchemeError(SCHEME_REQUIRED);
      return;
    }
    let made: CreatedProperty | null = null;
    let sent = getValues();
    const ok = await save(async (v) => {
      sent = v;
      made = await createSchemeProperty(picked.id, toSchemePropertyPayload(v));
    });
    if (!ok || !made) return;
    enqueueSnackbar(propertyCreatedMessage(sent), { variant: 'success' });
    void qc.invalidateQueries({ queryKey: placeKeys.properties });
    void qc.invalidateQueries({ queryKey: placeKeys.schemes });
    onCreated?.(made);
    onClose();
  };

  const busy = saving || (!!picked && loaded.isFetching && !scheme);
  return (
    <FormProvider {...form}>
      <PropertyDialogBody
        title="New Scheme Property"
        titleId={TITLE_ID}
        saving={saving}
        refused={refused}
        onCancel={onClose}
        onSave={() => void submit()}
      >
        <FormSection title="Scheme">
          <Wide>
            <SchemeCombobox
              value={picked}
              onChange={(s) => {
                setPicked(s);
                setSchemeError(undefined);
              }}
              disabled={!!fixed || saving}
              error={schemeError}
            />
          </Wide>
        </FormSection>
        <AddressSection disabled={busy} readOnly />
        <PropertyInfoSection disabled={busy} />
        <AreasSection disabled={busy} />
        <LeaseInfoSection disabled={busy} />
        <RentInfoSection disabled={busy} />
        <LandlordSection disabled={busy} readOnly />
      </PropertyDialogBody>
    </FormProvider>
  );
}
