import { useState } from 'react';
import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { DEBOUNCE_SEARCH_MS } from '@frontage/shared';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { searchPlaces, type GeocodeCandidate } from './geocode';

interface Props {
  onPick: (candidate: GeocodeCandidate) => void;
  label?: string;
  size?: 'small' | 'medium';
}

/** The place-search autofill box (spec B §2): type a street, post code or town, pick a match. */
export function PlaceSearchBox({ onPick, label = 'Search for an address', size = 'small' }: Props) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), DEBOUNCE_SEARCH_MS);
  const search = useQuery({
    queryKey: ['geocode', 'search', q],
    queryFn: ({ signal }) => searchPlaces(q, signal),
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
  });
  const options = q.length >= 2 ? (search.data ?? []) : [];
  return (
    <Autocomplete<GeocodeCandidate, false, false, false>
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => `${o.label}|${o.lat}|${o.lng}`}
      isOptionEqualToValue={(a, b) => a.label === b.label && a.lat === b.lat && a.lng === b.lng}
      value={null}
      inputValue={input}
      onInputChange={(_, v, reason) => reason !== 'reset' && setInput(v)}
      onChange={(_, v) => {
        if (!v) return;
        onPick(v);
        setInput('');
      }}
      loading={search.isFetching}
      noOptionsText={q.length < 2 ? 'Type at least two characters' : 'No places found'}
      size={size}
      blurOnSelect
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {o.label}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
