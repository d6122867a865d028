import { Paper, Typography } from '@mui/material';
import type { ActivityKind } from '@frontage/shared';
import { ActivityTimeline } from '../../../entities/activity/ActivityTimeline';

/** The comment kinds of the timeline: what the contact wrote, and where others mentioned them. */
const COMMENT_KINDS: readonly ActivityKind[] = ['comment', 'mention'];

/**
 * The contact's timeline (GET /api/users/{id}/activity), whole or only its comments and
 * mentions: one query serves both, so switching between them reads nothing twice (ADR 0093).
 */
export function ContactActivity({ userId, comments = false }: { userId: number; comments?: boolean }) {
  const title = comments ? 'Comments and mentions' : 'Activity';
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <ActivityTimeline
        owner={`/users/${userId}`}
        label={title}
        only={comments ? COMMENT_KINDS : undefined}
        emptyText={
          comments
            ? (more) =>
                more
                  ? 'No comments or mentions in the activity loaded so far.'
                  : 'No comments or mentions yet.'
            : 'No activity yet.'
        }
      />
    </Paper>
  );
}
