import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { setupUser } from './user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { emptyPropertyForm, type PropertyFormValues } from '../src/entities/properties/propertyForm';
import {
  AddressSection,
  AreasSection,
  LeaseInfoSection,
  PropertyInfoSection,
  RentInfoSection,
} from '../src/entities/properties/sections';

/**
 * The property sections read the surrounding react-hook-form under a field-path prefix,
 * so a wizard can hold the property beside its own fields ({ reason, property: {…} }).
 */
interface WizardValues {
  reason: string;
  property: PropertyFormValues;
}

function WizardStep({ onForm }: { onForm: (read: () => WizardValues) => void }) {
  const form = useForm<WizardValues>({
    defaultValues: { reason: 'relocation', property: emptyPropertyForm('EUR') },
  });
  useEffect(() => onForm(form.getValues), [form.getValues, onForm]);
  return (
    <FormProvider {...form}>
      <AddressSection prefix="property." />
      <PropertyInfoSection prefix="property." />
      <AreasSection prefix="property." />
      <LeaseInfoSection prefix="property." />
      <RentInfoSection prefix="property." />
    </FormProvider>
  );
}

describe('property form sections under a prefix', () => {
  it('read and write the fields under it, leaving the rest of the form alone', async () => {
    const user = setupUser();
    let read: () => WizardValues = () => {
      throw new Error('not rendered');
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WizardStep onForm={(r) => (read = r)} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Unit' }), 'Unit 4');
    await user.type(screen.getByRole('textbox', { name: 'Street' }), '1 Briggate');
    await user.type(screen.getByRole('textbox', { name: 'Lease End Date' }), '31122030');
    await user.type(screen.getByRole('textbox', { name: 'Rent Pa' }), '42000');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR');
    await user.click(screen.getByRole('button', { name: 'Add Areas' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'NIA' }));

    const v = read();
    expect(v.reason).toBe('relocation');
    expect(v.property.building_num).toBe('Unit 4');
    expect(v.property.address.street).toBe('1 Briggate');
    expect(v.property.lease_end_date).toBe('31/12/2030');
    expect(v.property.rent_pa).toBe('42000.00');
    expect(v.property.areas.ticked).toEqual(['nia_sqrt']);
    expect(Object.keys(v).sort()).toEqual(['property', 'reason']);
  });
});
