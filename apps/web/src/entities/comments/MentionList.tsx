import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { Box, Chip, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { MENTION_POPUP_WIDTH, type MentionResult } from '@frontage/shared';

export interface MentionListHandle {
  /** Handles arrows and Enter while the popup is open; true when the key was used. */
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export interface MentionListProps {
  items: MentionResult[];
  query: string;
  loading: boolean;
  command: (item: MentionResult) => void;
  ref?: Ref<MentionListHandle>;
}

const TYPE_LABELS: Record<MentionResult['entity_type'], string> = {
  company: 'Company',
  scheme: 'Scheme',
  property: 'Property',
  enquiry: 'Enquiry',
  user: 'Contact',
};

/** The '@' popup: 550 px wide (spec A §9), arrow keys move, Enter picks. */
export function MentionList({ items, query, loading, command, ref }: MentionListProps) {
  const [selected, setSelected] = useState(0);
  // A new result list starts at its first entry.
  const [seen, setSeen] = useState(items);
  if (seen !== items) {
    setSeen(items);
    setSelected(0);
  }

  useImperativeHandle(ref, () => ({
    onKeyDown: (event) => {
      if (!items.length) return false;
      if (event.key === 'ArrowDown') {
        setSelected((s) => (s + 1) % items.length);
        return true;
      }
      if (event.key === 'ArrowUp') {
        setSelected((s) => (s + items.length - 1) % items.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const item = items[selected];
        if (item) command(item);
        return true;
      }
      return false;
    },
  }));

  useEffect(() => {
    document.getElementById(`mention-option-${selected}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  return (
    <Paper
      elevation={8}
      data-testid="mention-popup"
      sx={{ width: MENTION_POPUP_WIDTH, maxWidth: 'calc(100vw - 16px)', maxHeight: 320, overflowY: 'auto' }}
    >
      {items.length ? (
        <List dense disablePadding role="listbox" aria-label="Mention suggestions">
          {items.map((item, i) => (
            <ListItemButton
              key={`${item.entity_type}:${item.entity_id}`}
              id={`mention-option-${i}`}
              role="option"
              aria-selected={i === selected}
              selected={i === selected}
              // mousedown would move the editor's focus; pick on mousedown instead.
              onMouseDown={(e) => {
                e.preventDefault();
                command(item);
              }}
              sx={{ gap: 1 }}
            >
              <ListItemText primary={item.name} slotProps={{ primary: { noWrap: true } }} />
              <Chip size="small" variant="outlined" label={TYPE_LABELS[item.entity_type]} />
            </ListItemButton>
          ))}
        </List>
      ) : (
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {!query.trim() ? 'Type a name to mention' : loading ? 'Searching…' : 'No results'}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
