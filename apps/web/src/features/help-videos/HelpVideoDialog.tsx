import { useId, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { VIDEO_MESSAGES, type Video } from '@frontage/shared';
import { readSessionHidden, useHideForever, useRouteVideos, writeSessionHidden } from './api';
import { VideoPlayer } from './VideoPlayer';
import { useShellTurn } from '../../lib/shellTurns';

/** The spec gives no widths: the intro holds its sentence, a box and two buttons; a 16:9 player. */
const INTRO_WIDTH = 460;
const CAROUSEL_WIDTH = 720;

const sameVideos = (a: readonly Video[], b: readonly Video[]) =>
  a.length === b.length && a.every((v, i) => v.id === b[i]!.id);

/**
 * The Video dialog (spec A §2, §4), mounted once by the shell: on each page it
 * asks for the page's videos, drops those hidden for this browser session and, if any remain,
 * offers them — the intro, then a carousel of one video at a time. Declining (No Thank You,
 * Escape) or closing the carousel hides them for the session; with "Don't show again" ticked,
 * for good as well (PUT /settings/hide-video each).
 */
export function HelpVideoDialog() {
  const { pathname } = useLocation();
  const q = useRouteVideos(pathname);
  const [sessionHidden, setSessionHidden] = useState(readSessionHidden);
  const offered = (q.data ?? []).filter((v) => !sessionHidden.includes(v.video_id));
  // What the dialog shows, kept while it closes (offered empties at once).
  const [shown, setShown] = useState<Video[]>([]);
  if (offered.length > 0 && !sameVideos(offered, shown)) setShown(offered);
  const hideForever = useHideForever();
  // Waits for What's New when it is already on screen (lib/shellTurns).
  const open = useShellTurn('help-videos', offered.length > 0);

  const finish = (forever: boolean) => {
    const ids = shown.map((v) => v.video_id);
    const hidden = [...readSessionHidden(), ...sessionHidden, ...ids];
    writeSessionHidden(hidden);
    setSessionHidden([...new Set(hidden)]);
    if (forever) void hideForever(ids);
  };

  return (
    <HelpVideoContent
      // A new offer (another page, other videos) starts at the intro with the box unticked.
      key={shown.map((v) => v.id).join(',')}
      open={open}
      videos={shown}
      onFinish={finish}
    />
  );
}

function HelpVideoContent({
  open,
  videos,
  onFinish,
}: {
  open: boolean;
  videos: Video[];
  onFinish: (forever: boolean) => void;
}) {
  const id = useId();
  const [step, setStep] = useState<'intro' | 'carousel'>('intro');
  const [index, setIndex] = useState(0);
  const [dontShow, setDontShow] = useState(false);
  const video = videos[Math.min(index, videos.length - 1)];
  const close = () => onFinish(dontShow);
  const go = (to: number) => setIndex(Math.max(0, Math.min(videos.length - 1, to)));
  // Left and right arrows page the carousel, except inside the player (its own controls).
  const onKeyDown = (e: KeyboardEvent) => {
    if (step !== 'carousel' || e.target instanceof HTMLVideoElement) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };

  const dontShowBox = (
    <FormControlLabel
      control={<Checkbox checked={dontShow} onChange={(e) => setDontShow(e.target.checked)} />}
      label={VIDEO_MESSAGES.dontShow}
      sx={{ mr: 'auto', ml: 0 }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={false}
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { maxWidth: step === 'intro' ? INTRO_WIDTH : CAROUSEL_WIDTH } } }}
    >
      {step === 'intro' || !video ? (
        <>
          <DialogContent>
            <Typography id={`${id}-title`}>{VIDEO_MESSAGES.intro}</Typography>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', px: 3 }}>
            {dontShowBox}
            <Button onClick={close}>{VIDEO_MESSAGES.no}</Button>
            <Button variant="contained" onClick={() => setStep('carousel')}>
              {VIDEO_MESSAGES.yes}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={`${id}-title`}>{video.video_name}</DialogTitle>
          <DialogContent>
            <VideoPlayer key={video.id} video={video} />
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, mt: 1.5 }}>
              <Button onClick={() => go(index - 1)} disabled={index === 0}>
                Previous
              </Button>
              <Typography role="status" aria-live="polite">
                Video {index + 1} of {videos.length}
              </Typography>
              <Button onClick={() => go(index + 1)} disabled={index >= videos.length - 1}>
                Next
              </Button>
            </Box>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', px: 3 }}>
            {dontShowBox}
            <Button variant="contained" onClick={close}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
