import { useEffect, useRef, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { DEBOUNCE_PICKER_MS } from '@frontage/shared';

/**
 * A list's search box: reports the text once typing pauses. Mount it once the initial value is
 * known (saved state restored) — it owns the text from then on.
 */
export function ListSearchField({
  label,
  initial,
  onSearch,
  delayMs = DEBOUNCE_PICKER_MS,
  size,
}: {
  label: string;
  /** As the other fields of its filter bar. */
  size?: 'small' | 'medium';
  initial: string;
  onSearch: (q: string) => void;
  delayMs?: number;
}) {
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value), delayMs);
  };

  return (
    <TextField
      label={label}
      type="search"
      size={size}
      value={text}
      onChange={(e) => change(e.target.value)}
      sx={{ maxWidth: 320 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
