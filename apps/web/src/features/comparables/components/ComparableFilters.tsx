import { Checkbox, InputAdornment, ListItemText, MenuItem, TextField } from '@mui/material';
import { DEAL_MENU, SCHEME_TYPES, type DealType } from '@frontage/shared';
import { CurrencySelect } from '../../../components/fields/CurrencySelect';
import { DateField } from '../../../components/fields/DateField';
import type { ComparableForm } from './filterForm';

/** Deal types in the New Deal menu's order, with its labels. */
const TYPE_OPTIONS = DEAL_MENU.map((d) => ({ value: d.type, label: d.label }));
const labelOf = (t: DealType) => TYPE_OPTIONS.find((o) => o.value === t)?.label ?? t;

interface Props {
  form: ComparableForm;
  problems: Partial<Record<keyof ComparableForm, string>>;
  onChange: (patch: Partial<ComparableForm>) => void;
}

/** The comparables' filters: place, scheme type, size band, dates, deal types and currency. */
export function ComparableFilters({ form, problems, onChange }: Props) {
  const sqft = { input: { endAdornment: <InputAdornment position="end">sq ft</InputAdornment> } };
  return (
    <>
      <TextField
        size="small"
        label="Town"
        value={form.town}
        onChange={(e) => onChange({ town: e.target.value })}
      />
      <TextField
        size="small"
        label="Post-code district"
        placeholder="e.g. SW1A, M1"
        value={form.district}
        error={!!problems.district}
        helperText={problems.district}
        onChange={(e) => onChange({ district: e.target.value })}
      />
      <TextField
        size="small"
        select
        label="Scheme type"
        value={form.scheme_type}
        onChange={(e) => onChange({ scheme_type: e.target.value })}
      >
        <MenuItem value="">Any (or none)</MenuItem>
        {SCHEME_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label="Deal types"
        value={form.types}
        error={!!problems.types}
        helperText={problems.types}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) => (v as DealType[]).map(labelOf).join(', '),
          },
        }}
        onChange={(e) => {
          const v = e.target.value as unknown as DealType[] | string;
          onChange({ types: (typeof v === 'string' ? v.split(',') : v) as DealType[] });
        }}
      >
        {TYPE_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            <Checkbox size="small" checked={form.types.includes(o.value)} tabIndex={-1} disableRipple />
            <ListItemText primary={o.label} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Size from"
        value={form.size_min}
        error={!!problems.size_min}
        helperText={problems.size_min ?? 'NIA'}
        slotProps={{ ...sqft, htmlInput: { inputMode: 'decimal' } }}
        onChange={(e) => onChange({ size_min: e.target.value })}
      />
      <TextField
        size="small"
        label="Size to"
        value={form.size_max}
        error={!!problems.size_max}
        helperText={problems.size_max ?? 'NIA'}
        slotProps={{ ...sqft, htmlInput: { inputMode: 'decimal' } }}
        onChange={(e) => onChange({ size_max: e.target.value })}
      />
      <DateField
        size="small"
        label="Effective from"
        value={form.from}
        error={!!problems.from}
        helperText={problems.from ?? 'Empty: the last 5 years'}
        onChange={(from) => onChange({ from })}
      />
      <DateField
        size="small"
        label="Effective to"
        value={form.to}
        error={!!problems.to}
        helperText={problems.to}
        onChange={(to) => onChange({ to })}
      />
      <CurrencySelect
        size="small"
        value={form.currency}
        helperText="Only deals in this currency are compared"
        onChange={(currency) => onChange({ currency })}
      />
    </>
  );
}
