import { useState, type ReactNode } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  type AutocompleteRenderInputParams,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useDebouncedValue } from '../lib/useDebouncedValue';

export interface EntityRef {
  id: number;
  name: string;
}

/** A picker's server search for one text (the query key and the fetch). */
export interface PickerSearch<T> {
  queryKey: QueryKey;
  queryFn: (ctx: { signal: AbortSignal }) => Promise<T[]>;
  staleTime?: number;
}

export interface PickerFieldProps {
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  /** Offer the create-new button (default true). */
  allowCreate?: boolean;
  onBlur?: () => void;
  name?: string;
  /** Records not to offer (e.g. the company being merged away). */
  excludeIds?: readonly number[];
  /**
   * One sentence that says nothing was found and creates on click (the enquiry pickers' 'No
   * companies found. Create a new company', spec A §2), instead of the text and a separate button.
   */
  noneFoundHint?: string;
}

export type PickerValueProps<T> =
  | { multiple?: false; value: T | null; onChange: (value: T | null) => void }
  | { multiple: true; value: T[]; onChange: (value: T[]) => void };

interface EntityPickerProps<T extends EntityRef> extends PickerFieldProps {
  value: T | T[] | null;
  multiple: boolean;
  /** Called with the whole new value: T | null, or T[] when multiple. */
  onValueChange: (value: T | T[] | null, added: T | null) => void;
  /** The server search for the debounced text (runs while the popup is open). */
  searchOptions: (q: string) => PickerSearch<T>;
  debounceMs: number;
  /** e.g. 'No companies found' */
  noneFound: string;
  /** e.g. 'Create a new company' */
  createLabel: string;
  /** Accessible name of the always-present create button beside the field. */
  createButtonLabel: string;
  /** Opens the create dialog with the typed text; the caller selects its result with `select`. */
  onCreateRequest: (typed: string) => void;
  renderOption: (option: T) => ReactNode;
  /** A small icon before a chip's label, or before the chosen record in single mode. */
  renderIcon?: (option: T) => ReactNode;
}

/**
 * The one searchable record picker behind CompanyPicker and ContactPicker: debounced server
 * search, a loading state, a "nothing found" text with a create-new button, single or multiple.
 * A failed search only stops the loading indicator (spec A §8).
 */
export function EntityPicker<T extends EntityRef>(props: EntityPickerProps<T>) {
  const { label, required, disabled, error, helperText, placeholder, allowCreate = true, renderIcon } = props;
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, props.debounceMs);
  const search_ = props.searchOptions(debounced);
  const query = useQuery({
    queryKey: search_.queryKey,
    queryFn: ({ signal }) => search_.queryFn({ signal }),
    staleTime: search_.staleTime,
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const exclude = new Set(props.excludeIds ?? []);
  const options = (query.data ?? []).filter((o) => !exclude.has(o.id));
  // Still typing, or the answer for the current text is on its way: not "nothing found" yet.
  const loading = open && (search !== debounced || query.isFetching);

  const startCreate = () => {
    setOpen(false);
    props.onCreateRequest(input.trim());
  };

  const noOptions =
    props.noneFoundHint && allowCreate ? (
      <Button
        size="small"
        startIcon={<AddIcon />}
        onMouseDown={(e) => e.preventDefault()}
        onClick={startCreate}
        sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
      >
        {props.noneFoundHint}
      </Button>
    ) : (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <span>{props.noneFound}</span>
        {allowCreate && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            // Keep the focus in the input so the popup stays open until the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={startCreate}
          >
            {props.createLabel}
          </Button>
        )}
      </Stack>
    );

  const single = !props.multiple ? (props.value as T | null) : null;

  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options,
    loading,
    disabled,
    inputValue: input,
    onInputChange: (_: unknown, value: string, reason: string) => {
      setInput(value);
      // Only typing searches; showing the chosen name or clearing does not.
      if (reason === 'input') setSearch(value);
      else if (reason === 'clear') setSearch('');
    },
    // The server already filtered by the text.
    filterOptions: (x: T[]) => x,
    getOptionLabel: (o: T) => o.name,
    // Keyed by id, never by the name MUI keys by otherwise: two contacts called "Amir Patel"
    // shared a key, and React left the earlier answer's rows above the new ones (ADR 0085).
    getOptionKey: (o: T) => o.id,
    isOptionEqualToValue: (a: T, b: T) => a.id === b.id,
    noOptionsText: loading ? 'Searching…' : noOptions,
    loadingText: 'Searching…',
    onBlur: props.onBlur,
    renderOption: (optionProps: React.HTMLAttributes<HTMLLIElement> & { key: React.Key }, o: T) => {
      const { key, ...rest } = optionProps;
      return (
        <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {props.renderOption(o)}
        </Box>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => {
      const icon = single && renderIcon ? renderIcon(single) : null;
      return (
        <TextField
          {...params}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: icon ? (
                <>
                  <Box component="span" sx={{ display: 'inline-flex', pl: 0.5 }}>
                    {icon}
                  </Box>
                  {params.slotProps.input.startAdornment}
                </>
              ) : (
                params.slotProps.input.startAdornment
              ),
            },
          }}
          label={label}
          name={props.name}
          required={required}
          error={error}
          helperText={helperText}
          placeholder={placeholder}
        />
      );
    },
  };

  const picker = props.multiple ? (
    <Autocomplete<T, true>
      {...common}
      multiple
      filterSelectedOptions
      value={(props.value as T[]) ?? []}
      onChange={(_, next, reason, details) =>
        props.onValueChange(next, reason === 'selectOption' ? (details?.option ?? null) : null)
      }
      renderValue={(selected, getItemProps) =>
        selected.map((o, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const icon = renderIcon?.(o);
          return (
            <Chip
              key={key}
              size="small"
              icon={icon ? <Box component="span">{icon}</Box> : undefined}
              label={o.name}
              {...itemProps}
              sx={{ '& .MuiChip-icon': { ml: 0.75, display: 'inline-flex' } }}
            />
          );
        })
      }
    />
  ) : (
    <Autocomplete<T, false>
      {...common}
      value={single}
      onChange={(_, next) => {
        props.onValueChange(next, next);
        setSearch('');
      }}
    />
  );

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{picker}</Box>
      {allowCreate && (
        <Tooltip title={props.createLabel}>
          <span>
            <IconButton
              aria-label={props.createButtonLabel}
              disabled={disabled}
              onClick={startCreate}
              sx={{ mt: 0.5 }}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
}

/** Adds `item` to a picker's value (or replaces it in single mode); used for create-and-select. */
export const withPicked = <T extends EntityRef>(
  multiple: boolean,
  value: T | T[] | null,
  item: T,
): T | T[] =>
  multiple
    ? (value as T[]).some((v) => v.id === item.id)
      ? (value as T[])
      : [...(value as T[]), item]
    : item;
