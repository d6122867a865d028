import { useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { Scheme } from '@frontage/shared';
import { useSchemeSearch } from './api';

export type SchemeOption = Pick<Scheme, 'id' | 'name'> & Partial<Pick<Scheme, 'type' | 'address'>>;

interface Props {
  value: SchemeOption | null;
  onChange: (scheme: SchemeOption | null) => void;
  disabled?: boolean;
  error?: string;
  /** The field's label ("Scheme" by default). */
  label?: string;
}

/** The scheme combobox of the scheme property dialog (spec B §2, §7): searched as you type. */
export function SchemeCombobox({ value, onChange, disabled, error, label = 'Scheme' }: Props) {
  const [input, setInput] = useState('');
  const search = useSchemeSearch(input);
  const typed = input.trim().length > 0 && input !== value?.name;
  return (
    <Autocomplete<SchemeOption, false, false, false>
      options={typed ? (search.data ?? []) : value ? [value] : []}
      value={value}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.name}
      // By id: two schemes of one name must not share a key (ADR 0085).
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, v) => onChange(v)}
      loading={search.isFetching}
      disabled={disabled}
      size="small"
      noOptionsText={typed ? 'No schemes found' : 'Type to search schemes'}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {o.name}
              </Typography>
              {o.address && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {o.address.full_address}
                </Typography>
              )}
            </Box>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} error={!!error} helperText={error} />}
    />
  );
}
