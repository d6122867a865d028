import { useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { CommandPalette } from '../../features/search/components/CommandPalette';
import { isMac } from '../../features/search/components/KeyHint';
import { visuallyHidden } from '../../components/visuallyHidden';
import { usePaletteCommands } from '../paletteCommands';

/** Ctrl-K (⌘-K on a Mac) without another modifier. */
const isPaletteShortcut = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** Whether a modal (a dialog, the narrow screen's drawer) is open; closed ones may stay mounted. */
const modalOpen = (): boolean =>
  [...document.querySelectorAll<HTMLElement>('[aria-modal="true"]')].some(
    (el) => !el.closest('.MuiModal-hidden') && getComputedStyle(el).visibility !== 'hidden',
  );

/**
 * The top bar's search entry and the command palette it opens (ADR 0084). Ctrl-K or
 * ⌘-K opens the palette from anywhere in the signed-in app, except over a modal dialog (a form
 * there may hold unsaved input the palette would navigate away from).
 */
export function SearchPalette() {
  const [open, setOpen] = useState(false);
  const commands = usePaletteCommands();

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e) || e.defaultPrevented) return;
      if (modalOpen()) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const mac = isMac();
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        startIcon={<SearchIcon />}
        sx={{
          minWidth: 0,
          whiteSpace: 'nowrap',
          textTransform: 'none',
          justifyContent: 'flex-start',
          px: 1.25,
          mr: 0.5,
          '@media (min-width: 900px)': {
            width: 240,
            bgcolor: 'rgba(255, 255, 255, 0.15)',
            '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.25)' },
          },
          // Narrow screens: the icon only; "Search" stays as the accessible name.
          '@media (max-width: 899.95px)': { '& .MuiButton-startIcon': { m: 0 } },
        }}
      >
        <Box
          component="span"
          sx={{ flexGrow: 1, textAlign: 'left', '@media (max-width: 899.95px)': visuallyHidden }}
        >
          Search
        </Box>
        <Box
          component="kbd"
          aria-hidden
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            px: 0.75,
            border: 1,
            borderColor: 'rgba(255, 255, 255, 0.6)',
            borderRadius: 0.5,
            lineHeight: 1.6,
            '@media (max-width: 899.95px)': { display: 'none' },
          }}
        >
          {mac ? '⌘ K' : 'Ctrl K'}
        </Box>
      </Button>
      <CommandPalette open={open} onClose={() => setOpen(false)} commands={commands} />
    </>
  );
}
