import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { setupUser } from './user';
import { useState } from 'react';
import { MONEY_MESSAGES } from '@frontage/shared';
import { MoneyField } from '../src/components/fields/MoneyField';
import { DateField } from '../src/components/fields/DateField';
import { YearField } from '../src/components/fields/YearField';
import { CurrencySelect } from '../src/components/fields/CurrencySelect';
import { CountrySelect } from '../src/components/fields/CountrySelect';
import { AreaChecklist } from '../src/components/fields/AreaChecklist';
import { areasFrom, areasPayload, emptyAreas, type AreasValue } from '../src/components/fields/areas';

function Money({ initial = null, spy }: { initial?: string | null; spy: (v: string | null) => void }) {
  const [v, setV] = useState<string | null>(initial);
  return (
    <MoneyField
      label="Rent Pa"
      currency="GBP"
      value={v}
      onChange={(next) => {
        setV(next);
        spy(next);
      }}
    />
  );
}

function Text({ C, label }: { C: typeof DateField | typeof YearField; label: string }) {
  const [v, setV] = useState('');
  return <C label={label} value={v} onChange={setV} />;
}

describe('MoneyField', () => {
  it('strips commas, sends the 2-decimal string and shows separators and the symbol when not focused', async () => {
    const spy = vi.fn();
    const user = setupUser();
    render(<Money spy={spy} />);
    const input = screen.getByRole('textbox', { name: 'Rent Pa' });
    expect(screen.getByText('£')).toBeInTheDocument();
    await user.type(input, '1,250,000.5');
    expect(spy).toHaveBeenLastCalledWith('1250000.50');
    await user.tab();
    expect(input).toHaveValue('1,250,000.50');
  });

  it('clears invalid input on blur', async () => {
    const spy = vi.fn();
    const user = setupUser();
    render(<Money spy={spy} initial="10.00" />);
    const input = screen.getByRole('textbox', { name: 'Rent Pa' });
    await user.clear(input);
    await user.type(input, '12.5.3');
    await user.tab();
    expect(input).toHaveValue('');
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  // Every entry users were seen to type, what the field shows and what it hands back.
  it.each([
    ['-500', '', null, MONEY_MESSAGES.negative],
    ['−500', '', null, MONEY_MESSAGES.invalid],
    ['1e6', '', null, 'Not a valid amount'],
    ['0.001', '', null, 'Not a valid amount'],
    ['12,345.678', '', null, 'Not a valid amount'],
    ['1234567890123', '', null, MONEY_MESSAGES.tooLarge],
    ['999,999,999,999', '', null, MONEY_MESSAGES.tooLarge],
    ['£999,999,999,999', '', null, 'Not a valid amount'],
    ['12.', '', null, 'Not a valid amount'],
    ['.5', '0.50', '0.50', null],
    ['1,250.50', '1,250.50', '1250.50', null],
    ['10,000,000,000', '10,000,000,000.00', '10000000000.00', null],
  ] as const)(
    '%s: keeps what was typed while focused, then shows %j and hands back %j',
    async (typed, shown, money, message) => {
      const spy = vi.fn();
      const user = setupUser();
      render(<Money spy={spy} initial="10.00" />);
      const input = screen.getByRole('textbox', { name: 'Rent Pa' });
      await user.clear(input);
      await user.type(input, typed);
      expect(input).toHaveValue(typed);
      await user.tab();
      expect(input).toHaveValue(shown);
      expect(spy).toHaveBeenLastCalledWith(money);
      if (message === null) {
        expect(input).toHaveAttribute('aria-invalid', 'false');
        return;
      }
      expect(input).toHaveAttribute('aria-invalid', 'true');
      const described = input.getAttribute('aria-describedby') ?? '';
      expect(described).not.toBe('');
      expect(document.getElementById(described)).toHaveTextContent(message);
      // Typing again takes the message away.
      await user.type(input, '5');
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    },
  );

  it('refuses a point without a digit after it', async () => {
    const spy = vi.fn();
    const user = setupUser();
    render(<Money spy={spy} />);
    const input = screen.getByRole('textbox', { name: 'Rent Pa' });
    await user.type(input, '12.');
    await user.tab();
    expect(input).toHaveValue('');
    expect(screen.getByText('Not a valid amount')).toBeInTheDocument();
  });
});

describe('DateField and YearField', () => {
  it('masks typed digits as dd/mm/yyyy', async () => {
    const user = setupUser();
    render(<Text C={DateField} label="Lease Start Date" />);
    const input = screen.getByRole('textbox', { name: 'Lease Start Date' });
    await user.type(input, '01a022026');
    expect(input).toHaveValue('01/02/2026');
    await user.tab();
    expect(screen.queryByText(/valid date/)).not.toBeInTheDocument();
  });

  it('shows a field error for a date that does not exist', async () => {
    const user = setupUser();
    render(<Text C={DateField} label="Break Date" />);
    const input = screen.getByRole('textbox', { name: 'Break Date' });
    await user.type(input, '31022026');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The date must be a valid date (dd/mm/yyyy).')).toBeInTheDocument();
  });

  it('keeps a year to four digits', async () => {
    const user = setupUser();
    render(<Text C={YearField} label="Opened" />);
    const input = screen.getByRole('textbox', { name: 'Opened' });
    await user.type(input, '19x985');
    expect(input).toHaveValue('1998');
  });
});

describe('CurrencySelect and CountrySelect', () => {
  it('offers EUR, GBP and USD', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<CurrencySelect value="GBP" onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent?.slice(0, 3))).toEqual(['EUR', 'GBP', 'USD']);
    await user.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith('EUR');
  });

  it('defaults to the United Kingdom and finds a country by typing', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    render(<CountrySelect value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveValue('United Kingdom');
    await user.clear(input);
    await user.type(input, 'Irel');
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    expect(onChange).toHaveBeenCalledWith('Ireland');
  });
});

describe('AreaChecklist', () => {
  function Areas({ onValue }: { onValue: (v: AreasValue) => void }) {
    const [v, setV] = useState(emptyAreas());
    return (
      <AreaChecklist
        value={v}
        onChange={(next) => {
          setV(next);
          onValue(next);
        }}
      />
    );
  }

  it('shows only ticked areas and sends only those', async () => {
    const user = setupUser();
    let last = emptyAreas();
    render(<Areas onValue={(v) => (last = v)} />);
    expect(screen.queryByRole('textbox', { name: 'ITZA' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Areas' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitemcheckbox')).toHaveLength(10);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'ITZA' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'NIA' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Basement' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Basement' }));
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'NIA' }), '1200');
    await user.type(screen.getByRole('textbox', { name: 'ITZA' }), '640.5');
    expect(screen.queryByRole('textbox', { name: 'Basement' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Area Unit' }));
    await user.click(screen.getByRole('option', { name: 'sqm' }));
    expect(areasPayload(last)).toEqual({ area_size_type: 'sqm', nia_sqrt: 1200, itza_area: 640.5 });
    expect(screen.getAllByText('sq m')).toHaveLength(2);
  });

  it('an unticked area is not sent even when it had a value', () => {
    const v = areasFrom({ area_size_type: 'sqft', nia_sqrt: 900, frontage_area: 20 });
    expect(v.ticked).toEqual(['nia_sqrt', 'frontage_area']);
    expect(areasPayload({ ...v, ticked: ['frontage_area'] })).toEqual({
      area_size_type: 'sqft',
      frontage_area: 20,
    });
  });
});
