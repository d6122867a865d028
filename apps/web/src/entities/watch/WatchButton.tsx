import { Button, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { WATCH_LABELS, type WatchType } from '@frontage/shared';
import { useSetWatch, useWatch } from './api';

/**
 * Watch / Watching on a unit, scheme or company view (ADR 0095): a toggle whose pressed state is
 * the user's watch; its lease events then come to the user's reminders (scope "watched").
 */
export function WatchButton({
  type,
  id,
  size = 'small',
}: {
  type: WatchType;
  id: number;
  size?: 'small' | 'medium';
}) {
  const watch = useWatch(type, id);
  const set = useSetWatch();
  const watched = watch.data?.watched ?? false;
  return (
    <Tooltip title={watched ? WATCH_LABELS.stopHint : WATCH_LABELS.watchHint[type]}>
      <span>
        <Button
          size={size}
          variant={watched ? 'contained' : 'outlined'}
          color={watched ? 'primary' : 'inherit'}
          aria-pressed={watched}
          disabled={!watch.data || set.isPending}
          startIcon={watched ? <VisibilityIcon /> : <VisibilityOutlinedIcon />}
          onClick={() => set.mutate({ type, id, watched: !watched })}
        >
          {watched ? WATCH_LABELS.watching : WATCH_LABELS.watch}
        </Button>
      </span>
    </Tooltip>
  );
}
