import { createContext, useContext, type ReactNode } from 'react';
import { Box, Tooltip } from '@mui/material';
import PendingOutlinedIcon from '@mui/icons-material/PendingOutlined';

/** The accessible name (and tooltip) of the marker by a field with changes waiting for an admin. */
export const UNVERIFIED_CHANGE = 'Unverified change';

/**
 * The form field paths (e.g. `rent_pa`, `address.post_code`, `areas`) whose record columns have
 * unverified history. The edit dialogs provide it; the create dialogs and wizards do not, so their
 * fields are drawn as before (ADR 0067).
 */
export const UnverifiedFields = createContext<ReadonlySet<string>>(new Set());

/** The icon itself: focusable so a keyboard user reaches its tooltip too. */
export function UnverifiedMarker() {
  return (
    <Tooltip title={`${UNVERIFIED_CHANGE}: waiting for an admin to verify it`}>
      <Box
        component="span"
        role="img"
        aria-label={UNVERIFIED_CHANGE}
        tabIndex={0}
        sx={{
          display: 'inline-flex',
          color: 'warning.main',
          mt: 1,
          borderRadius: '50%',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <PendingOutlinedIcon fontSize="small" />
      </Box>
    </Tooltip>
  );
}

/** A field with its marker beside it when `name` has unverified changes (else the field alone). */
export function WithUnverifiedMarker({ name, children }: { name: string; children: ReactNode }) {
  const flagged = useContext(UnverifiedFields).has(name);
  if (!flagged) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <UnverifiedMarker />
    </Box>
  );
}
