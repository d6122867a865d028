import { useEffect, useRef, useState, type HTMLAttributes, type KeyboardEventHandler } from 'react';
import { Box, ButtonBase, IconButton, Link, Menu, MenuItem, Paper, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Link as RouterLink } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import {
  ENQUIRY_STAGES,
  ENQUIRY_STAGE_LABELS,
  REASON_LABELS,
  formatDate,
  type EnquiryStage,
} from '@frontage/shared';
import { dealPlaceOf } from '../../../entities/deals/listRow';
import type { Enquiry } from '../../../entities/enquiries/api';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { ageInDays, ageText, enquirerOf, rentRangeText, sizeRangeText } from '../cardText';

/** Why a card has no move controls (the server's rule: its author, the author's company, admins). */
export const READ_ONLY_NOTE = "Only its author's company or an admin can move it";

/** What the card shows: who, where (linked), size and rent wanted, reason and age. */
function CardBody({ enquiry }: { enquiry: Enquiry }) {
  const place = dealPlaceOf({ property: enquiry.property ?? null, scheme: enquiry.scheme ?? null });
  const size = sizeRangeText(enquiry);
  const rent = rentRangeText(enquiry);
  const days = ageInDays(enquiry.received_at);
  const reason = enquiry.reason === 'unknown' ? null : REASON_LABELS[enquiry.reason];
  return (
    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
      <Link
        component={RouterLink}
        to={`/enquiries?id=${enquiry.id}&type=enquiry`}
        draggable={false}
        variant="body2"
        underline="hover"
        sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}
      >
        {enquirerOf(enquiry)}
      </Link>
      {place && (
        <Link
          component={RouterLink}
          to={place.to}
          draggable={false}
          variant="caption"
          underline="hover"
          color="text.primary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {place.name}
        </Link>
      )}
      {[size, rent].map(
        (text) =>
          text && (
            <Typography key={text} variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
              {text}
            </Typography>
          ),
      )}
      <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
        {reason && `${reason} · `}
        <span title={`Received ${formatDate(enquiry.received_at)}`}>{ageText(days)}</span>
        <Box component="span" sx={visuallyHidden}>
          {` (received ${formatDate(enquiry.received_at)})`}
        </Box>
      </Typography>
    </Box>
  );
}

const cardSx = {
  p: 1,
  display: 'flex',
  gap: 0.5,
  alignItems: 'flex-start',
  listStyle: 'none',
  bgcolor: 'background.paper',
} as const;

/** The copy of a card that follows the pointer while it is dragged (above the columns' scroll). */
export function CardPreview({ enquiry }: { enquiry: Enquiry }) {
  return (
    // A picture of the card: its links stay on the real card (out of the tab order and the tree here).
    <Paper elevation={6} inert sx={{ ...cardSx, width: 264, cursor: 'grabbing' }}>
      <DragIndicatorIcon fontSize="small" color="action" sx={{ mt: 0.25 }} />
      <CardBody enquiry={enquiry} />
    </Paper>
  );
}

interface CardProps {
  enquiry: Enquiry;
  onMove: (enquiry: Enquiry, to: EnquiryStage) => void;
  /** Focus the card's Move button as it shows (it has just been moved here by its Move menu). */
  focusOnMount?: boolean;
  onFocused?: () => void;
}

/**
 * One enquiry on the board. An enquiry the user may edit is dragged by the mouse from anywhere on
 * the card (links still click), by touch after a press, and by keyboard from its grip (dnd-kit's
 * keyboard sensor: space, arrows, space); its Move button offers the other stages as a menu. One
 * the user may not edit says why and has no move controls.
 */
export function EnquiryCard({ enquiry, onMove, focusOnMount, onFocused }: CardProps) {
  const name = enquirerOf(enquiry);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: enquiry.id,
    data: { enquiry },
    disabled: !enquiry.can_edit,
  });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const moveButton = useRef<HTMLButtonElement>(null);
  const focusAtMount = useRef(focusOnMount);
  const focused = useRef(onFocused);
  useEffect(() => {
    // Only as it mounts: the card left behind in the old column must not take it.
    if (!focusAtMount.current || !moveButton.current) return;
    moveButton.current.focus();
    focused.current?.();
  }, []);

  // Mouse and touch start anywhere on the card; the keyboard only from the grip, so Enter on a
  // link follows the link.
  // dnd-kit types its listeners as Function; they are the sensors' React event handlers.
  const on = (name: string) => listeners?.[name] as ((e: unknown) => void) | undefined;
  const pointer: HTMLAttributes<HTMLElement> = enquiry.can_edit
    ? { onMouseDown: on('onMouseDown'), onTouchStart: on('onTouchStart') }
    : {};
  const onGripKey = on('onKeyDown') as KeyboardEventHandler<HTMLButtonElement> | undefined;
  const menuId = `move-menu-${enquiry.id}`;

  return (
    <Paper
      component="li"
      variant="outlined"
      ref={setNodeRef}
      aria-label={name}
      {...pointer}
      sx={{
        ...cardSx,
        opacity: isDragging ? 0.4 : 1,
        cursor: enquiry.can_edit ? 'grab' : 'default',
        '&:hover': enquiry.can_edit ? { borderColor: 'text.secondary' } : undefined,
      }}
    >
      {enquiry.can_edit ? (
        <ButtonBase
          ref={setActivatorNodeRef}
          {...attributes}
          onKeyDown={onGripKey}
          aria-label={`Drag ${name}`}
          sx={{
            borderRadius: 1,
            mt: 0.25,
            color: 'text.secondary',
            '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          }}
        >
          <DragIndicatorIcon fontSize="small" />
        </ButtonBase>
      ) : (
        <LockOutlinedIcon fontSize="small" color="disabled" sx={{ mt: 0.25 }} aria-hidden />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <CardBody enquiry={enquiry} />
        {!enquiry.can_edit && (
          <Typography
            variant="caption"
            component="p"
            color="text.secondary"
            sx={{ m: 0, fontStyle: 'italic' }}
          >
            {READ_ONLY_NOTE}
          </Typography>
        )}
      </Box>
      {enquiry.can_edit && (
        <>
          <IconButton
            ref={moveButton}
            size="small"
            aria-label={`Move ${name} to…`}
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
            onMouseDown={(e) => e.stopPropagation()}
            sx={{ p: 0.25 }}
          >
            <SwapHorizIcon fontSize="small" />
          </IconButton>
          <Menu
            id={menuId}
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
            slotProps={{ list: { 'aria-label': `Move ${name} to`, dense: true } }}
          >
            {ENQUIRY_STAGES.filter((s) => s !== enquiry.stage).map((s) => (
              <MenuItem
                key={s}
                onClick={() => {
                  setMenuAnchor(null);
                  onMove(enquiry, s);
                }}
              >
                {ENQUIRY_STAGE_LABELS[s]}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Paper>
  );
}
