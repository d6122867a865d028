import { Mention } from '@tiptap/extension-mention';
import { PluginKey } from '@tiptap/pm/state';
import { ReactRenderer } from '@tiptap/react';
import { exitSuggestion, type SuggestionOptions, type SuggestionProps } from '@tiptap/suggestion';
import { DEBOUNCE_MENTION_MS, type MentionResult } from '@frontage/shared';
import { searchMentions } from './api';
import { MentionList, type MentionListHandle, type MentionListProps } from './MentionList';

/** A mention node stored as the server expects: data-type, data-entity-type, data-entity-id. */
export const CommentMention = Mention.extend({
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-entity-id'),
        renderHTML: (attrs: Record<string, unknown>) =>
          attrs.id ? { 'data-entity-id': String(attrs.id) } : {},
      },
      entityType: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('data-entity-type'),
        renderHTML: (attrs: Record<string, unknown>) =>
          attrs.entityType ? { 'data-entity-type': String(attrs.entityType) } : {},
      },
      label: {
        default: null,
        parseHTML: (el: HTMLElement) => (el.textContent ?? '').replace(/^@/, ''),
        renderHTML: () => ({}),
      },
      mentionSuggestionChar: { default: '@', parseHTML: () => '@', renderHTML: () => ({}) },
    };
  },
});

/** What picking a result inserts (TipTap's mention attributes plus the entity type). */
interface MentionAttrs {
  id: string | null;
  label?: string | null;
  entityType?: string;
}

/**
 * The '@' suggestion: searches as you type (debounced), arrows move, Enter picks, Escape closes,
 * a space while there are no results cancels the mention (and deleting the '@' ends it, as the
 * match is gone). Spaces are allowed so that "Alex Mo" can be typed.
 */
export const mentionSuggestion = (): Omit<SuggestionOptions<MentionResult, MentionAttrs>, 'editor'> => {
  const pluginKey = new PluginKey('comment-mention');
  /** The query whose results are shown; a different current query means a search is pending. */
  let answered: string | null = null;
  return {
    pluginKey,
    char: '@',
    allowSpaces: true,
    debounce: DEBOUNCE_MENTION_MS,
    items: async ({ query, signal }) => {
      try {
        const found = await searchMentions(query, signal);
        answered = query;
        return found;
      } catch {
        answered = query;
        return [];
      }
    },
    command: ({ editor, range, props }) => {
      editor
        .chain()
        .focus()
        .insertContentAt(range, [
          { type: 'mention', attrs: { id: props.id, label: props.label, entityType: props.entityType } },
          { type: 'text', text: ' ' },
        ])
        .run();
    },
    render: () => {
      let renderer: ReactRenderer<MentionListHandle, MentionListProps> | null = null;
      let unmount: (() => void) | undefined;
      let current: SuggestionProps<MentionResult, MentionAttrs> | null = null;
      const listProps = (p: SuggestionProps<MentionResult, MentionAttrs>): MentionListProps => ({
        items: p.items,
        query: p.query,
        loading: p.loading || answered !== p.query,
        command: (item) =>
          p.command({ id: String(item.entity_id), label: item.name, entityType: item.entity_type }),
      });
      return {
        onStart: (p) => {
          current = p;
          answered = p.query.trim() ? null : p.query;
          renderer = new ReactRenderer(MentionList, { props: listProps(p), editor: p.editor });
          const el = renderer.element as HTMLElement;
          el.style.zIndex = '1600';
          if (p.mount) unmount = p.mount(el);
          else document.body.appendChild(el);
        },
        onUpdate: (p) => {
          current = p;
          renderer?.updateProps(listProps(p));
        },
        onKeyDown: ({ event, view }) => {
          if (event.key === 'Escape') {
            exitSuggestion(view, pluginKey);
            return true;
          }
          const p = current;
          if (event.key === ' ' && p && !p.items.length && !p.loading && answered === p.query) {
            // No results: the space is typed as text and the mention is abandoned.
            exitSuggestion(view, pluginKey);
            return false;
          }
          return renderer?.ref?.onKeyDown(event) ?? false;
        },
        onExit: () => {
          unmount?.();
          if (!unmount) (renderer?.element as HTMLElement | undefined)?.remove();
          renderer?.destroy();
          renderer = null;
          unmount = undefined;
          current = null;
        },
      };
    },
  };
};
