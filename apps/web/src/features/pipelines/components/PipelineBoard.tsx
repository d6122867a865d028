import { useCallback, useState } from 'react';
import { Box } from '@mui/material';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { ENQUIRY_STAGES, type EnquiryStage } from '@frontage/shared';
import type { Enquiry, EnquiryListFilters } from '../../../entities/enquiries/api';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { announcements, columnCollision, columnKeys, SCREEN_READER_INSTRUCTIONS, stageOf } from '../dragKeys';
import { useBoardMoves } from '../useBoardMoves';
import { CardPreview } from './EnquiryCard';
import { PipelineColumn } from './PipelineColumn';

/**
 * The letting pipeline (ADR 0052): a column per stage, each paging on its own;
 * cards move between them by mouse, touch or keyboard (dnd-kit), or by a card's Move menu.
 */
export function PipelineBoard({ filters }: { filters: EnquiryListFilters }) {
  const [said, setSaid] = useState('');
  const announce = useCallback((m: string) => setSaid(m), []);
  const { moves, move, questionElement } = useBoardMoves(announce);
  const [dragged, setDragged] = useState<Enquiry | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);

  const sensors = useSensors(
    // A click on a card's links or buttons stays a click: a drag starts after 6 px.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A touch scrolls the column; a press of a quarter second picks the card up.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeys }),
  );

  const onDragStart = (e: DragStartEvent) =>
    setDragged((e.active.data.current?.enquiry as Enquiry | undefined) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const enquiry = e.active.data.current?.enquiry as Enquiry | undefined;
    const to = stageOf(e.over?.id);
    if (enquiry && to) void move(enquiry, to);
  };

  /** A move from a card's menu: the card keeps the focus in its new column (or its old one). */
  const menuMove = useCallback(
    (enquiry: Enquiry, to: EnquiryStage) => {
      setFocusId(enquiry.id);
      void move(enquiry, to).then((ok) => {
        if (!ok) setFocusId(enquiry.id);
      });
    },
    [move],
  );
  const onFocused = useCallback(() => setFocusId(null), []);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnCollision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          overflowX: 'auto',
          alignItems: 'stretch',
          // The columns scroll on their own inside the window's height.
          height: { xs: 'calc(100vh - 220px)', md: 'calc(100vh - 200px)' },
          minHeight: 360,
          pb: 0.5,
        }}
      >
        {ENQUIRY_STAGES.map((stage) => (
          <PipelineColumn
            key={stage}
            stage={stage}
            filters={filters}
            moves={moves}
            onMove={menuMove}
            focusId={focusId}
            onFocused={onFocused}
          />
        ))}
      </Box>
      <DragOverlay dropAnimation={null}>{dragged && <CardPreview enquiry={dragged} />}</DragOverlay>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
      {questionElement}
    </DndContext>
  );
}
