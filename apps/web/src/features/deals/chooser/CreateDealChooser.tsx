import { useId } from 'react';
import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  ListItemText,
  MenuItem,
  MenuList,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { chooserOptions, CREATE_DEAL_TITLE, type ChooserOption, type ChooserSubject } from './options';
import { LoadingBlock } from '../../../components/LoadingBlock';

/** spec B §9: the chooser is 600 wide. */
export const CHOOSER_WIDTH = 600;

interface Props {
  /** The record, once read; undefined while it loads; null when it could not be read. */
  subject: ChooserSubject | null | undefined;
  /** What failed to load, for the message ("property", "scheme"). */
  kind: ChooserSubject['kind'];
  onChoose: (option: ChooserOption) => void;
  onClose: () => void;
}

/**
 * The Create Deal chooser (spec B §2): "Create Deal for {entity label}", one item per deal type
 * the record can take. The list is a menu: focus lands on its first item, arrows move, Enter
 * chooses, Escape closes.
 */
export function CreateDealChooser({ subject, kind, onChoose, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: CHOOSER_WIDTH } } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {subject ? CREATE_DEAL_TITLE(subject.label) : 'Create Deal'}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {subject === undefined ? (
          <LoadingBlock label="Loading" variant="rectangular" height={120} />
        ) : subject === null ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {`This ${kind} could not be loaded.`}
          </Alert>
        ) : (
          <MenuList autoFocusItem aria-labelledby={titleId} sx={{ py: 0.5 }}>
            {chooserOptions(subject).map((o) => (
              <MenuItem key={o.label} onClick={() => onChoose(o)} sx={{ py: 1.25 }}>
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </MenuList>
        )}
      </DialogContent>
    </Dialog>
  );
}
