import type { ReactNode } from 'react';
import type { SearchEntityType } from '@frontage/shared';
import { GROUP_HEADINGS, recordUrl } from './recordUrl';
import type { RecentRecord } from './recents';

/**
 * Something the palette can do without a record: open a dialog (`run`) or a page (`to`). The app
 * builds the list (what the top bar offers the user), the palette shows and filters it.
 */
export interface PaletteCommand {
  id: string;
  label: string;
  icon: ReactNode;
  run?: () => void;
  to?: string;
}

export type PaletteItem =
  | { kind: 'record'; key: string; record: RecentRecord; url: string }
  | { kind: 'command'; key: string; command: PaletteCommand };

export interface PaletteGroup {
  id: string;
  heading: string;
  items: PaletteItem[];
}

const recordItem = (record: RecentRecord, prefix: string): PaletteItem => ({
  kind: 'record',
  key: `${prefix}-${record.entity_type}-${record.entity_id}`,
  record,
  url: recordUrl(record.entity_type, record.entity_id),
});

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** A command matches when every typed word occurs in its label ("deal sale", "new prop"). */
export const commandMatches = (command: PaletteCommand, typed: string): boolean => {
  const label = command.label.toLowerCase();
  return words(typed).every((w) => label.includes(w));
};

/** The server's hits grouped by type, the groups in the order the server answers them. */
export function resultGroups(hits: readonly RecentRecord[]): PaletteGroup[] {
  const groups = new Map<SearchEntityType, PaletteGroup>();
  for (const hit of hits) {
    let group = groups.get(hit.entity_type);
    if (!group) {
      group = { id: hit.entity_type, heading: GROUP_HEADINGS[hit.entity_type], items: [] };
      groups.set(hit.entity_type, group);
    }
    group.items.push(recordItem(hit, 'hit'));
  }
  return [...groups.values()];
}

/**
 * What the palette lists: before typing, the recent records and every command; while typing,
 * the results (when they are for the typed text) and the commands that match it.
 */
export function paletteGroups(
  typed: string,
  recents: readonly RecentRecord[],
  hits: readonly RecentRecord[] | null,
  commands: readonly PaletteCommand[],
): PaletteGroup[] {
  const text = typed.trim();
  const shown = text ? commands.filter((c) => commandMatches(c, text)) : commands;
  const commandGroup: PaletteGroup = {
    id: 'commands',
    heading: 'Commands',
    items: shown.map((command) => ({ kind: 'command', key: `command-${command.id}`, command })),
  };
  const before = text
    ? resultGroups(hits ?? [])
    : [{ id: 'recent', heading: 'Recent', items: recents.map((r) => recordItem(r, 'recent')) }];
  return [...before, commandGroup].filter((g) => g.items.length > 0);
}
