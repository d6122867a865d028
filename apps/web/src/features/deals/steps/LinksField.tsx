import { useState } from 'react';
import { Box, IconButton, Link, List, ListItem, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { enqueueSnackbar } from 'notistack';
import { useController } from 'react-hook-form';
import { MESSAGES, isLink } from '@frontage/shared';

/** A www link opens on https; the link is stored as typed. */
export const hrefOf = (link: string): string => (/^https?:\/\//i.test(link) ? link : `https://${link}`);

/**
 * The deal's links (spec B §2, §5): typed in, added with the plus (or Enter); an empty input is
 * ignored and a text that is not an http(s) or www link gives the "Invalid URL" error notification
 * and is not added. Each link opens in a new tab and has a remove button.
 */
export function LinksField() {
  const { field } = useController({ name: 'links' });
  const links = (field.value as string[] | undefined) ?? [];
  const [text, setText] = useState('');
  const add = () => {
    const link = text.trim();
    if (!link) return;
    if (!isLink(link)) {
      enqueueSnackbar(MESSAGES.invalidUrl, { variant: 'error' });
      return;
    }
    if (!links.includes(link)) field.onChange([...links, link]);
    setText('');
  };
  return (
    <Box>
      <TextField
        size="small"
        label="Link"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        placeholder="https://…"
        fullWidth
        slotProps={{
          input: {
            endAdornment: (
              <Tooltip title="Add link">
                <IconButton aria-label="Add link" edge="end" onClick={add} size="small">
                  <AddIcon />
                </IconButton>
              </Tooltip>
            ),
          },
        }}
      />
      {links.length > 0 && (
        <List dense aria-label="Links" sx={{ py: 0.5 }}>
          {links.map((link) => (
            <ListItem
              key={link}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Remove link ${link}`}
                  onClick={() => field.onChange(links.filter((l) => l !== link))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <Link
                href={hrefOf(link)}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ overflowWrap: 'anywhere', pr: 4 }}
              >
                {link}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
