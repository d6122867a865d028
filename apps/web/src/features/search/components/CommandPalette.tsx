import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Box, Dialog, InputBase, LinearProgress, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { DEBOUNCE_PICKER_MS, SEARCH_QUERY_MAX } from '@frontage/shared';
import { useCurrentUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { useGlobalSearch } from '../api';
import { addRecent, readRecents } from '../recents';
import { paletteGroups, type PaletteCommand, type PaletteItem } from '../paletteItems';
import { PaletteList } from './PaletteList';
import { KeyHint, isMac } from './KeyHint';

interface Props {
  open: boolean;
  onClose: () => void;
  /** What the palette offers besides records (the app's top bar entries the user may use). */
  commands: readonly PaletteCommand[];
}

/**
 * The command palette (ADR 0084): one box over every record and the top bar's commands.
 * Before typing it lists the user's recent records and the commands; typing searches
 * GET /api/search once the text has settled (the pickers' 375 ms) and filters the commands.
 */
export function CommandPalette({ open, onClose, commands }: Props) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 }, overflow: 'hidden' } } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        Search
      </Typography>
      <PaletteBody onClose={onClose} commands={commands} />
    </Dialog>
  );
}

const countText = (n: number) => (n === 1 ? '1 result' : `${n} results`);

function PaletteBody({ onClose, commands }: Omit<Props, 'open'>) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  // At once, not after the opening transition: what is typed right after Ctrl-K is kept.
  useEffect(() => input.current?.focus(), []);
  const [typed, setTyped] = useState('');
  const [recents, setRecents] = useState(() => readRecents(user.id));
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const text = typed.trim();
  const settled = useDebouncedValue(text, DEBOUNCE_PICKER_MS);
  const search = useGlobalSearch(settled);

  // The answer for the text as it stands (not a previous text's, kept on screen while loading).
  const current = text !== '' && text === settled && !search.isPlaceholderData;
  const loading = text !== '' && (text !== settled || search.isFetching);
  const failed = current && search.isError;
  const hits = current && search.isSuccess ? search.data : null;
  const shownHits = text === '' ? null : (search.data ?? null);

  const groups = useMemo(
    () => paletteGroups(text, recents, shownHits, commands),
    [text, recents, shownHits, commands],
  );
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const found = items.findIndex((i) => i.key === activeKey);
  const index = found >= 0 ? found : items.length ? 0 : -1;
  const active = items[index] ?? null;
  const optionId = (item: PaletteItem) => `${listId}-${item.key}`;

  useEffect(() => {
    if (active) document.getElementById(`${listId}-${active.key}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const choose = (item: PaletteItem, newTab: boolean) => {
    if (item.kind === 'record') {
      addRecent(user.id, item.record);
      if (newTab) {
        window.open(item.url, '_blank', 'noopener');
        setRecents(readRecents(user.id));
        return;
      }
      onClose();
      void navigate(item.url);
      return;
    }
    const { run, to } = item.command;
    if (newTab && to) {
      window.open(to, '_blank', 'noopener');
      return;
    }
    onClose();
    if (run) run();
    else if (to) void navigate(to);
  };

  const move = (to: number) => {
    const item = items[(to + items.length) % Math.max(items.length, 1)];
    if (item) setActiveKey(item.key);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      Enter: () => {
        if (active) choose(active, e.ctrlKey || e.metaKey);
      },
    };
    const act = keys[e.key];
    if (!act || e.altKey || (e.shiftKey && e.key !== 'Enter')) return;
    e.preventDefault();
    act();
  };

  const announcement = !current
    ? loading
      ? 'Searching…'
      : ''
    : failed
      ? 'The search failed. Try again.'
      : hits?.length
        ? countText(hits.length)
        : `No results for “${text}”`;

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}>
        <SearchIcon aria-hidden sx={{ color: 'text.secondary' }} />
        <InputBase
          inputRef={input}
          fullWidth
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search records or type a command"
          inputProps={{
            role: 'combobox',
            'aria-label': 'Search',
            'aria-autocomplete': 'list',
            'aria-expanded': items.length > 0,
            'aria-controls': items.length ? listId : undefined,
            'aria-activedescendant': active ? optionId(active) : undefined,
            maxLength: SEARCH_QUERY_MAX,
            spellCheck: false,
            autoComplete: 'off',
          }}
          sx={{ fontSize: '1rem' }}
        />
        <KeyHint>Esc</KeyHint>
      </Box>
      <Box sx={{ height: 2 }}>{loading && <LinearProgress aria-label="Searching" sx={{ height: 2 }} />}</Box>
      {items.length > 0 && (
        <PaletteList
          id={listId}
          groups={groups}
          activeKey={active?.key ?? null}
          optionId={optionId}
          onChoose={choose}
          onPoint={(item) => setActiveKey(item.key)}
        />
      )}
      {current && (failed || !hits?.length) && (
        <Typography
          variant="body2"
          sx={{ px: 2, py: 1.5, color: failed ? 'error.main' : 'text.secondary' }}
          aria-hidden
        >
          {announcement}
        </Typography>
      )}
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <PaletteFooter />
    </>
  );
}

function PaletteFooter() {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'none', sm: 'flex' },
        gap: 2,
        px: 2,
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
      }}
    >
      <span>
        <KeyHint>↑</KeyHint> <KeyHint>↓</KeyHint> move
      </span>
      <span>
        <KeyHint>Enter</KeyHint> open
      </span>
      <span>
        <KeyHint>{isMac() ? '⌘' : 'Ctrl'}</KeyHint> <KeyHint>Enter</KeyHint> new tab
      </span>
    </Box>
  );
}
