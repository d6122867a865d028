import {
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { ENQUIRY_STAGES, ENQUIRY_STAGE_LABELS, type EnquiryStage } from '@frontage/shared';
import type { Enquiry } from '../../entities/enquiries/api';
import { enquirerOf } from './cardText';

/** The column a droppable id names (the columns' ids are the stages). */
export const stageOf = (id: UniqueIdentifier | null | undefined): EnquiryStage | null =>
  ENQUIRY_STAGES.includes(id as EnquiryStage) ? (id as EnquiryStage) : null;

/** The pointer's column; a keyboard drag (no pointer) goes by where the card's box overlaps most. */
export const columnCollision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

/**
 * The keyboard sensor's moves: the left and right arrows carry the picked-up card to the previous
 * or next column (its top); up and down do nothing, as a column's order is the server's.
 */
export const columnKeys: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
  if (!step) return undefined;
  event.preventDefault();
  const from = stageOf(context.over?.id) ?? enquiryOf(context.active?.data.current)?.stage;
  const target = from ? ENQUIRY_STAGES[ENQUIRY_STAGES.indexOf(from) + step] : undefined;
  const rect = target ? context.droppableRects.get(target) : undefined;
  const box = context.collisionRect;
  if (!rect || !box) return currentCoordinates;
  return { x: rect.left + Math.max(0, (rect.width - box.width) / 2), y: rect.top + 40 };
};

const enquiryOf = (data: Record<string, unknown> | undefined): Enquiry | undefined =>
  data?.enquiry as Enquiry | undefined;

const nameOf = (data: Record<string, unknown> | undefined) => {
  const e = enquiryOf(data);
  return e ? enquirerOf(e) : 'The enquiry';
};
const labelOf = (id: UniqueIdentifier | undefined) => {
  const s = stageOf(id);
  return s ? ENQUIRY_STAGE_LABELS[s] : null;
};

export const SCREEN_READER_INSTRUCTIONS =
  'To move an enquiry to another stage, press space to pick it up, use the left and right arrow keys to choose the stage, then press space to drop it or escape to cancel.';

/** What a screen reader hears during a drag (dnd-kit's live region). */
export const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const from = labelOf(enquiryOf(active.data.current)?.stage);
    return `Picked up ${nameOf(active.data.current)}${from ? ` in ${from}` : ''}.`;
  },
  onDragOver: ({ active, over }) => {
    const to = labelOf(over?.id);
    return to
      ? `${nameOf(active.data.current)} is over ${to}.`
      : `${nameOf(active.data.current)} is over no stage.`;
  },
  onDragEnd: ({ active, over }) => {
    const to = labelOf(over?.id);
    const from = enquiryOf(active.data.current)?.stage;
    if (!to || stageOf(over?.id) === from) return `${nameOf(active.data.current)} dropped back where it was.`;
    return `${nameOf(active.data.current)} dropped on ${to}.`;
  },
  onDragCancel: ({ active }) => `Move cancelled. ${nameOf(active.data.current)} stays where it was.`,
};
