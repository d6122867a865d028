import { Alert, Box, Button, Paper } from '@mui/material';
import { useNavigate } from 'react-router';
import { FormProvider, useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, SCHEME_MESSAGES, schemeCreateSchema, type SchemeCreate } from '@frontage/shared';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { flatResolver, payloadIssues } from '../../../lib/flatResolver';
import type { CompanyRef } from '../../../entities/companies/api';
import type { ContactRef } from '../../../entities/contacts/api';
import { emptyAddress, type AddressFormValues } from '../../../entities/properties/propertyForm';
import { AddressSection, LandlordSection } from '../../../entities/properties/sections';
import { placeKeys } from '../../../entities/properties/api';
import { createScheme } from '../../../entities/schemes/api';
import {
  SchemeInfoSection,
  emptySchemeInfo,
  type SchemeInfoValues,
} from '../../../entities/schemes/SchemeInfoSection';

type Values = SchemeInfoValues & {
  address: AddressFormValues;
  landlords: CompanyRef[];
  landlord_contacts: ContactRef[];
  landlord_agents: CompanyRef[];
  landlord_agent_contacts: ContactRef[];
};

const empty = (): Values => ({
  ...emptySchemeInfo(),
  address: emptyAddress(),
  landlords: [],
  landlord_contacts: [],
  landlord_agents: [],
  landlord_agent_contacts: [],
});

const clientErrors = (v: Values): Record<string, string> => {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = SCHEME_MESSAGES.nameRequired;
  if (!v.type) e.type = SCHEME_MESSAGES.typeRequired;
  if (v.opened && v.opened.length !== 4) e.opened = SCHEME_MESSAGES.openedYear;
  if (v.car_spaces && !/^\d+$/.test(v.car_spaces)) e.car_spaces = SCHEME_MESSAGES.carSpaces;
  return e;
};

const toPayload = (v: Values): SchemeCreate => {
  const t = (s: string) => (s.trim() ? s.trim() : undefined);
  const a = v.address;
  const ids = (list: { id: number }[]) => (list.length ? list.map((x) => x.id) : undefined);
  return {
    name: v.name.trim(),
    type: v.type as SchemeCreate['type'],
    opened: v.opened ? Number(v.opened) : undefined,
    car_spaces: v.car_spaces ? Number(v.car_spaces) : undefined,
    is_under_construction: v.is_under_construction,
    address: {
      street: t(a.street),
      street2: t(a.street2),
      city: t(a.city),
      region: t(a.region),
      post_code: t(a.post_code),
      country: a.country,
      latitude: a.latitude ?? undefined,
      longitude: a.longitude ?? undefined,
    },
    landlords: ids(v.landlords),
    landlord_contacts: ids(v.landlord_contacts),
    landlord_agents: ids(v.landlord_agents),
    landlord_agent_contacts: ids(v.landlord_agent_contacts),
  };
};

/** A server key (or a schema issue path) → the form's field. */
const fieldOf = (k: string) =>
  k.startsWith('address.') ? k : (k.split('.')[0] ?? k).replace(/^opened_at$/, 'opened');

const resolver = flatResolver<Values>((v) => {
  const local = clientErrors(v);
  return Object.keys(local).length ? local : payloadIssues(schemeCreateSchema, toPayload(v), fieldOf);
});

/** Create a scheme (`/schemes/create`): name, type, opened, car spaces, address and landlord side. */
export function SchemeForm() {
  const form = useForm<Values>({ defaultValues: empty(), resolver });
  const navigate = useNavigate();
  const qc = useQueryClient();
  const {
    formState: { errors, isSubmitting },
  } = form;

  const save = form.handleSubmit(async (v) => {
    try {
      const s = await createScheme(toPayload(v));
      void qc.invalidateQueries({ queryKey: placeKeys.schemes });
      void navigate(`/schemes?id=${s.id}`);
    } catch (err) {
      applyServerErrors(err, form.setError, (k) => fieldOf(k) as never);
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
