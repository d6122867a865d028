import { Paper, Typography } from '@mui/material';
import type { ActivityKind } from '@frontage/shared';
import { ActivityTimeline } from '../../../entities/activity/ActivityTimeline';

/** The comment kinds of the timeline: what the contact wrote, and where others mentioned them. */
const COMMENT_KINDS: readonly ActivityKind[] = ['comment', 'mention'];

/**
 * The contact's timeline (GET /api/users/{id}/activity), whole or only the comments they wrote
 * and those mentioning them (`kind=comment,mention`, paged on its own; ADR 0093).
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
        kinds={comments ? COMMENT_KINDS : undefined}
        emptyText={comments ? 'No comments or mentions yet.' : 'No activity yet.'}
      />
    </Paper>
  );
}
