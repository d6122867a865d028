import { z } from 'zod';
import { searchHitSchema } from '@frontage/shared';

/** A record opened through the palette, as the palette shows it again before anything is typed. */
export const recentRecordSchema = searchHitSchema.pick({
  entity_type: true,
  entity_id: true,
  label: true,
  sublabel: true,
});
export type RecentRecord = z.infer<typeof recentRecordSchema>;

/** How many recent records the palette keeps and shows (ADR 0084). */
export const RECENTS_MAX = 8;

const keyOf = (userId: number) => `frontage.searchRecents.${userId}`;

/** The user's recent records, newest first; anything unreadable counts as none. */
export function readRecents(userId: number): RecentRecord[] {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return [];
    const parsed = z.array(recentRecordSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, RECENTS_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `record` first (once), keeping the newest RECENTS_MAX. */
export function addRecent(userId: number, record: RecentRecord): void {
  const { entity_type, entity_id, label, sublabel } = record;
  const next = [
    { entity_type, entity_id, label, sublabel },
    ...readRecents(userId).filter((r) => r.entity_type !== entity_type || r.entity_id !== entity_id),
  ].slice(0, RECENTS_MAX);
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    /* storage unavailable or full: recents are a convenience */
  }
}
