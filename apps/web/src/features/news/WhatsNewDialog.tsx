import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Link,
  Typography,
} from '@mui/material';
import { WHATS_NEW_TITLE, formatDate, type WhatsNewItem } from '@frontage/shared';
import { CommentContent } from '../../entities/comments';
import { newsKeys, useMarkNewsSeen, useWhatsNew } from '../../entities/news/api';
import { useShellTurn } from '../../lib/shellTurns';

/**
 * What's New (spec A §2, §4): opens once per visit when news newer than the user's last activity
 * exists (the server answers them newest first). Closing it — Close or Escape — marks them seen,
 * so it does not open again, here or after the next sign-in (ADR 0061). The shell renders it only
 * for a signed-in user, never over the login page.
 */
export function WhatsNewDialog() {
  const titleId = useId();
  const qc = useQueryClient();
  const news = useWhatsNew(true);
  const seen = useMarkNewsSeen();
  const [closed, setClosed] = useState(false);
  const items = news.data ?? [];
  // Waits for a help-video offer already on screen (lib/shellTurns).
  const open = useShellTurn('whats-new', !closed && items.length > 0);

  const close = () => {
    setClosed(true);
    // The shell remounts between layouts: the answer is spent once seen.
    qc.setQueryData<WhatsNewItem[]>(newsKeys.whatsNew, []);
    seen.mutate();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{WHATS_NEW_TITLE}</DialogTitle>
      <DialogContent dividers>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={WHATS_NEW_TITLE}>
          {items.map((item, i) => (
            <Box component="li" key={item.key} data-testid="whats-new-item">
              {i > 0 && <Divider sx={{ my: 2 }} />}
              <Typography variant="h6" component="h3">
                {item.url ? (
                  <Link href={item.url} target="_blank" rel="noopener noreferrer">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {formatDate(item.date)}
              </Typography>
              {item.description && (
                <Typography variant="body1" component="p" sx={{ fontWeight: 500, mb: 1 }}>
                  {item.description}
                </Typography>
              )}
              <Box sx={{ '& p': { my: 1 }, '& p:first-of-type': { mt: 0 } }}>
                <CommentContent html={item.body} />
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
