import { useFormContext, useFormState } from 'react-hook-form';
import { Stack, TextField } from '@mui/material';

/** The fields a person's form holds, whatever else it carries (a contact's, one's own profile). */
interface PersonFieldValues {
  name: string;
  direct_dial?: string | null | undefined;
  mobile?: string | null | undefined;
}

/**
 * Name, then Direct Dial and Mobile side by side: the one declaration of the fields the contact
 * forms (dialog, create and edit pages) and the profile share. Reads the form from
 * `useFormContext()`. `own`: the signed-in user's own details, which the browser may fill in; a
 * contact's are someone else's, so the browser's autofill stays out of them.
 */
export function PersonNameField({ own = false }: { own?: boolean }) {
  const { register } = useFormContext<PersonFieldValues>();
  // Its own subscription: the fields show their errors whoever renders them.
  const { errors } = useFormState<PersonFieldValues>();
  return (
    <TextField
      label="Name"
      required
      autoComplete={own ? 'name' : 'off'}
      error={!!errors.name}
      helperText={errors.name?.message}
      {...register('name')}
    />
  );
}

/** Direct Dial and Mobile (see PersonNameField). */
export function PhoneFields({ own = false }: { own?: boolean }) {
  const { register } = useFormContext<PersonFieldValues>();
  // Its own subscription: the fields show their errors whoever renders them.
  const { errors } = useFormState<PersonFieldValues>();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Direct Dial"
        type="tel"
        autoComplete={own ? 'tel-extension' : 'off'}
        error={!!errors.direct_dial}
        helperText={errors.direct_dial?.message}
        {...register('direct_dial')}
      />
      <TextField
        label="Mobile"
        type="tel"
        autoComplete={own ? 'tel' : 'off'}
        error={!!errors.mobile}
        helperText={errors.mobile?.message}
        {...register('mobile')}
      />
    </Stack>
  );
}
