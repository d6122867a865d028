import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupUser } from './user';
import { emptyPropertyForm, type PropertyFormValues } from '../src/entities/properties/propertyForm';
import { AreasSection, RentInfoSection } from '../src/entities/properties/sections';
import { AreaChecklist } from '../src/components/fields/AreaChecklist';
import { areasFrom } from '../src/components/fields/areas';

/**
 * Rent per sq ft (ADR 0079) shows rent ÷ NIA live and may be overridden; a figure that
 * was the worked-out one follows the rent; the frontage is a length.
 */
function PropertyForm({
  initial,
  onForm,
}: {
  initial: Partial<PropertyFormValues>;
  onForm: (read: () => PropertyFormValues) => void;
}) {
  const form = useForm<PropertyFormValues>({ defaultValues: { ...emptyPropertyForm('GBP'), ...initial } });
  useEffect(() => onForm(form.getValues), [form.getValues, onForm]);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <FormProvider {...form}>
        <AreasSection />
        <RentInfoSection />
      </FormProvider>
    </QueryClientProvider>
  );
}

const setup = (initial: Partial<PropertyFormValues>) => {
  let read: () => PropertyFormValues = () => {
    throw new Error('not rendered');
  };
  const user = setupUser();
  render(<PropertyForm initial={initial} onForm={(r) => (read = r)} />);
  return { user, read: () => read(), field: () => screen.getByRole('textbox', { name: 'Rent per sqft' }) };
};

describe('Rent per sqft', () => {
  it('shows rent ÷ NIA live while empty, and keeps a typed figure with the worked-out one beside it', async () => {
    const { user, read, field } = setup({
      rent_pa: '38000.00',
      areas: areasFrom({ area_size_type: 'sqft', nia_sqrt: 7100 }),
    });
    expect(field()).toHaveValue('');
    expect(field()).toHaveAttribute('placeholder', '5.35');
    expect(field()).toHaveAccessibleDescription('£5.35 from rent ÷ NIA');

    const rent = screen.getByRole('textbox', { name: 'Rent Pa' });
    await user.clear(rent);
    await user.type(rent, '71000');
    await user.tab();
    expect(field()).toHaveAccessibleDescription('£10.00 from rent ÷ NIA');

    await user.type(field(), '12.50');
    await user.tab();
    expect(read().rent_sqft).toBe('12.50');
    expect(field()).toHaveAccessibleDescription('Rent ÷ NIA is £10.00');
    // A figure of its own stays when the NIA changes.
    const nia = screen.getByRole('textbox', { name: 'NIA' });
    await user.clear(nia);
    await user.type(nia, '7000');
    expect(read().rent_sqft).toBe('12.50');
  });

  it('a stored figure that was rent ÷ NIA follows a new rent or NIA (the server works it out on save)', async () => {
    const { user, read, field } = setup({
      rent_pa: '40000.00',
      rent_sqft: '33.33',
      areas: areasFrom({ area_size_type: 'sqft', nia_sqrt: 1200 }),
    });
    expect(field()).toHaveValue('33.33');
    expect(field()).not.toHaveAccessibleDescription(/rent ÷ NIA/);
    const rent = screen.getByRole('textbox', { name: 'Rent Pa' });
    await user.clear(rent);
    await user.type(rent, '38000');
    await user.tab();
    expect(read().rent_sqft).toBeNull();
    expect(field()).toHaveAccessibleDescription('£31.67 from rent ÷ NIA');
  });

  it('says nothing when there is no NIA to divide by', () => {
    const { field } = setup({ rent_pa: '38000.00' });
    expect(field()).not.toHaveAttribute('placeholder');
    expect(field()).toHaveAccessibleDescription('');
  });
});

describe('Frontage', () => {
  it('is entered in ft, or in m when the areas are in sq m', () => {
    const { rerender } = render(
      <AreaChecklist
        value={areasFrom({ area_size_type: 'sqft', nia_sqrt: 900, frontage_area: 20 })}
        onChange={() => {}}
      />,
    );
    const frontage = screen.getByRole('textbox', { name: 'Frontage' });
    expect(frontage.parentElement!).toHaveTextContent('ft');
    expect(within(frontage.parentElement!).queryByText('sq ft')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('textbox', { name: 'NIA' }).parentElement!).getByText('sq ft'),
    ).toBeInTheDocument();
    rerender(
      <AreaChecklist
        value={areasFrom({ area_size_type: 'sqm', nia_sqrt: 90, frontage_area: 6 })}
        onChange={() => {}}
      />,
    );
    expect(
      within(screen.getByRole('textbox', { name: 'Frontage' }).parentElement!).getByText('m'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('textbox', { name: 'NIA' }).parentElement!).getByText('sq m'),
    ).toBeInTheDocument();
  });
});
