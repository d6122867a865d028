import { Alert, Box, Button, Paper } from '@mui/material';
import { useNavigate } from 'react-router';
import { FormProvider, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@frontage/shared';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { AddressSection, LandlordSection } from '../../../entities/properties/sections';
import { placeKeys } from '../../../entities/properties/api';
import { createScheme } from '../../../entities/schemes/api';
import { SchemeInfoSection } from '../../../entities/schemes/SchemeInfoSection';
import {
  emptySchemeForm,
  schemeFieldOf,
  schemeResolver,
  toSchemeCreatePayload,
  type SchemeFormValues,
} from '../../../entities/schemes/schemeForm';

const resolver = schemeResolver('create', toSchemeCreatePayload);

/** Create a scheme (`/schemes/create`): name, type, opened, car spaces, address and landlord side. */
export function SchemeForm() {
  const form = useForm<SchemeFormValues>({ defaultValues: emptySchemeForm(), resolver });
  const navigate = useNavigate();
  const qc = useQueryClient();
  const {
    formState: { errors, isSubmitting },
  } = form;

  const save = form.handleSubmit(async (v) => {
    try {
      const s = await createScheme(toSchemeCreatePayload(v));
      void qc.invalidateQueries({ queryKey: placeKeys.schemes });
      void navigate(`/schemes?id=${s.id}`);
    } catch (err) {
      applyServerErrors(err, form.setError, (k) => schemeFieldOf(k) as never);
    }
  });

  return (
    <FormProvider {...form}>
      <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 900 }}>
        {Object.keys(errors).length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {MESSAGES.validationError} Please correct the highlighted fields.
          </Alert>
        )}
        <SchemeInfoSection disabled={isSubmitting} />
        <AddressSection unit={false} disabled={isSubmitting} />
        <LandlordSection disabled={isSubmitting} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={() => void navigate('/schemes')} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void save()} loading={isSubmitting}>
            Save
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}
