import { useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { DEFAULT_COUNTRY, DIALOG_WIDTHS, MESSAGES } from '@frontage/shared';
import { MapView } from '../../components/map/MapView';
import { UK_CENTRE, type LngLat } from '../../components/map/types';
import { PlaceSearchBox } from './PlaceSearchBox';
import {
  isCompleteCandidate,
  reverseGeocode,
  toPickedAddress,
  type GeocodeCandidate,
  type PickedAddress,
} from './geocode';

/** Spec B §9: the picker opens at zoom 7; a known position opens closer. */
export const PICKER_ZOOM = 7;
const KNOWN_POSITION_ZOOM = 16;
/** Shown under a town-only answer: why Select Address stays off. */
export const NEEDS_STREET =
  'No street address here: zoom in and click on a street, or search for the address.';

interface Props {
  open: boolean;
  onClose: () => void;
  onSelect: (address: PickedAddress) => void;
  /** Where to open (the form's current coordinates); the UK at zoom 7 when absent. */
  initial?: LngLat | null;
}

type Lookup =
  | { state: 'none' }
  | { state: 'loading'; at: LngLat }
  | { state: 'found'; at: LngLat; candidate: GeocodeCandidate }
  | { state: 'invalid'; at: LngLat };

/** Address picker (spec B §2, max width 800): click the map or drag the pin to pick an address. */
export function AddressPickerDialog({ open, onClose, onSelect, initial }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.addressPicker } } }}
      aria-labelledby="address-picker-title"
    >
      {/* Remounted per opening so a new pick starts clean. */}
      {open && <PickerBody onClose={onClose} onSelect={onSelect} initial={initial ?? null} />}
    </Dialog>
  );
}

function PickerBody({ onClose, onSelect, initial }: Omit<Props, 'open'> & { initial: LngLat | null }) {
  const [view, setView] = useState({
    center: initial ?? UK_CENTRE,
    zoom: initial ? KNOWN_POSITION_ZOOM : PICKER_ZOOM,
  });
  const [lookup, setLookup] = useState<Lookup>({ state: 'none' });
  const pending = useRef<AbortController | null>(null);

  const lookUp = (at: LngLat) => {
    pending.current?.abort();
    const ctrl = new AbortController();
    pending.current = ctrl;
    setLookup({ state: 'loading', at });
    reverseGeocode(at.lat, at.lng, ctrl.signal)
      .then((candidate) => {
        if (ctrl.signal.aborted) return;
        setLookup(candidate ? { state: 'found', at, candidate } : { state: 'invalid', at });
      })
      .catch(() => undefined); // aborted by a newer click
  };

  const onSearchPick = (c: GeocodeCandidate) => {
    pending.current?.abort();
    const at = { lng: c.lng, lat: c.lat };
    setView({ center: at, zoom: isCompleteCandidate(c) ? KNOWN_POSITION_ZOOM : 13 });
    setLookup({ state: 'found', at, candidate: c });
  };

  const clear = () => {
    pending.current?.abort();
    setLookup({ state: 'none' });
  };

  const candidate = lookup.state === 'found' ? lookup.candidate : null;
  const canSelect = isCompleteCandidate(candidate);
  const marker = lookup.state === 'none' ? null : lookup.at;

  return (
    <>
      <DialogTitle id="address-picker-title" sx={{ pr: 6 }}>
        Select Address
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <PlaceSearchBox onPick={onSearchPick} />
          <MapView
            label="Map: click to select a location"
            center={view.center}
            zoom={view.zoom}
            marker={marker}
            markerDraggable
            onMapClick={lookUp}
            onMarkerDragEnd={lookUp}
            height={420}
          />
          <Box
            role="status"
            aria-live="polite"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              minHeight: 40,
              px: 0.5,
            }}
            data-testid="picked-address"
          >
            {lookup.state === 'loading' ? (
              <CircularProgress size={18} aria-label="Looking up the address" />
            ) : (
              <PlaceOutlinedIcon fontSize="small" color={canSelect ? 'primary' : 'disabled'} />
            )}
            <Typography
              variant="body2"
              color={
                lookup.state === 'invalid'
                  ? 'error'
                  : lookup.state === 'found'
                    ? 'text.primary'
                    : 'text.secondary'
              }
            >
              {lookup.state === 'none' && MESSAGES.clickMap}
              {lookup.state === 'invalid' && MESSAGES.invalidLocation}
              {lookup.state === 'found' && lookup.candidate.label}
            </Typography>
            {lookup.state === 'found' && !canSelect && (
              <Typography variant="caption" color="text.secondary">
                {NEEDS_STREET}
              </Typography>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={clear} disabled={lookup.state === 'none'}>
          Clear
        </Button>
        <Button
          variant="contained"
          disabled={!canSelect}
          onClick={() => {
            if (!isCompleteCandidate(candidate)) return;
            onSelect(toPickedAddress(candidate, DEFAULT_COUNTRY));
            onClose();
          }}
        >
          Select Address
        </Button>
      </DialogActions>
    </>
  );
}
