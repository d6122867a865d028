import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { enqueueSnackbar } from 'notistack';
import { DIALOG_WIDTHS, type Scheme } from '@frontage/shared';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { ApiError } from '../../lib/http';
import { PropertyDialog } from '../properties/PropertyDialogFrame';
import { EditRecordBody } from '../properties/EditRecordBody';
import { AddressSection, LandlordSection } from '../properties/sections';
import { useUpdateScheme } from './api';
import { SchemeInfoSection } from './SchemeInfoSection';
import { useStaleEdit } from '../../lib/staleEdit';
import {
  schemeFieldOf,
  schemeFormFrom,
  schemeResolver,
  toSchemeUpdatePayload,
  unverifiedSchemeFieldPaths,
  type SchemeFormValues,
} from './schemeForm';

interface Props {
  open: boolean;
  onClose: () => void;
  scheme: Scheme;
}

const TITLE_ID = 'edit-scheme-title';

/**
 * Edit Scheme: the New Scheme page's sections (name, type, opened, car spaces,
 * under construction, address, landlord lists) filled from the record; fields with unverified
 * history carry a marker; one PUT of what changed (ADR 0066).
 */
export function EditSchemeDialog({ open, onClose, scheme }: Props) {
  return (
    <PropertyDialog open={open} onClose={onClose} width={DIALOG_WIDTHS.standaloneProperty} titleId={TITLE_ID}>
      {(setDirty) => <EditSchemeForm onClose={onClose} scheme={scheme} onDirtyChange={setDirty} />}
    </PropertyDialog>
  );
}

function EditSchemeForm({
  onClose,
  scheme,
  onDirtyChange,
}: Omit<Props, 'open'> & { onDirtyChange: (dirty: boolean) => void }) {
  // The record and the form at opening: the payload's reference (and a version check's).
  const [base, setBase] = useState<{ record: Scheme; values: SchemeFormValues }>(() => ({
    record: scheme,
    values: schemeFormFrom(scheme),
  }));
  // The version it was opened on; a refused save shows what changed since (ADR 0060).
  const stale = useStaleEdit('scheme', scheme);
  const toPayload = (v: SchemeFormValues) => toSchemeUpdatePayload(base.values, v);
  const [resolver] = useState(() => schemeResolver('update', toPayload));
  const form = useForm<SchemeFormValues>({ defaultValues: base.values, resolver });
  const [refused, setRefused] = useState(false);
  const update = useUpdateScheme(base.record.id);
  const { isDirty, isSubmitting } = form.formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(async (v) => {
    setRefused(false);
    const body = toPayload(v);
    if (!Object.keys(body).length) return onClose();
    try {
      await update.mutateAsync({ body, version: stale.version });
    } catch (err) {
      if (stale.catchStale(err)) return;
      applyServerErrors(err, form.setError, (k) => schemeFieldOf(k) as never);
      if (err instanceof ApiError && err.status === 422) setRefused(true);
      return;
    }
    enqueueSnackbar('Scheme updated.', { variant: 'success' });
    onClose();
  });

  return (
    <FormProvider {...form}>
      <EditRecordBody
        title="Edit Scheme"
        titleId={TITLE_ID}
        saving={isSubmitting}
        refused={refused}
        onCancel={onClose}
        onSave={() => void submit()}
        unverified={unverifiedSchemeFieldPaths(scheme.unverified_history_columns)}
        stale={stale}
        onTakeCurrent={(current) => {
          const values = schemeFormFrom(current);
          form.reset(values);
          setBase({ record: current, values });
        }}
      >
        <SchemeInfoSection disabled={isSubmitting} />
        <AddressSection unit={false} disabled={isSubmitting} />
        <LandlordSection disabled={isSubmitting} />
      </EditRecordBody>
    </FormProvider>
  );
}
