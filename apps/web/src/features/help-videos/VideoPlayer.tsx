import { useState, useSyncExternalStore } from 'react';
import { Alert, Box, Link, Skeleton } from '@mui/material';
import { VIDEO_MESSAGES, isVideoUrl, videoEmbedUrl, videoWatchUrl, type Video } from '@frontage/shared';

const subscribe = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};
const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

/** The hosted video's thumbnail: loading it tells us the host can be reached (ADR 0064). */
const thumbnailOf = (videoId: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/mqdefault.jpg`;

const frame = { width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block', bgcolor: 'common.black' };

/**
 * One video: a hosted id in the youtube-nocookie embed, a file's URL in `<video controls>`. When the
 * browser is offline, the file fails to load, or the host's thumbnail cannot be fetched (an iframe
 * reports no load failure), a message and a link take the player's place: never a broken frame.
 * Keyed by the video, so a failure belongs to that video only.
 */
export function VideoPlayer({ video }: { video: Video }) {
  const online = useOnline();
  const file = isVideoUrl(video.video_id);
  const [state, setState] = useState<'checking' | 'ready' | 'failed'>(file ? 'ready' : 'checking');

  if (!online || state === 'failed') {
    return (
      <Alert severity="info" data-testid="video-fallback">
        {online ? VIDEO_MESSAGES.failed : VIDEO_MESSAGES.offline}{' '}
        <Link href={videoWatchUrl(video.video_id)} target="_blank" rel="noopener noreferrer" color="inherit">
          {VIDEO_MESSAGES.openInTab}
        </Link>
      </Alert>
    );
  }
  if (file) {
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        src={video.video_id}
        aria-label={video.video_name}
        onError={() => setState('failed')}
        sx={frame}
      />
    );
  }
  return (
    <>
      {state === 'checking' && (
        <>
          <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} />
          <img
            src={thumbnailOf(video.video_id)}
            alt=""
            hidden
            onLoad={() => setState('ready')}
            onError={() => setState('failed')}
          />
        </>
      )}
      {state === 'ready' && (
        <Box
          component="iframe"
          src={videoEmbedUrl(video.video_id)}
          title={video.video_name}
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sx={frame}
        />
      )}
    </>
  );
}
