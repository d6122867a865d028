/** Spec B §4/§9: a unit placed at its scheme's point is moved by up to this many degrees. */
export const SCHEME_POSITION_OFFSET_DEG = 0.0002;

/**
 * A scheme's point moved at random by up to 0.0002° on each axis (about 20 m north–south), so
 * the units of one scheme do not sit on the very same map point. `random` returns [0, 1).
 */
export const offsetPosition = (
  p: { lat: number; lng: number },
  random: () => number = Math.random,
): { lat: number; lng: number } => {
  const jitter = () => (random() * 2 - 1) * SCHEME_POSITION_OFFSET_DEG;
  const lat = Math.min(90, Math.max(-90, p.lat + jitter()));
  const lng = Math.min(180, Math.max(-180, p.lng + jitter()));
  return { lat, lng };
};
