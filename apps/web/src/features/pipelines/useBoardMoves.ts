import { useCallback, useRef, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { ENQUIRY_STAGE_LABELS, MESSAGES, type EnquiryStage } from '@frontage/shared';
import { useUpdateEnquiry, type Enquiry } from '../../entities/enquiries/api';
import { useCompletedEnquiryQuestion } from '../../entities/enquiries/useCompletedEnquiryQuestion';
import { ApiError } from '../../lib/http';
import { enquirerOf } from './cardText';

/**
 * A card on its way to another column: drawn there (and not in `from`) until the columns show what
 * the server says after the move. `done`: the server accepted it and the columns have read it
 * again, so a column whose data was fetched after `startedAt` already shows the move.
 */
export interface PendingMove {
  enquiry: Enquiry;
  from: EnquiryStage;
  to: EnquiryStage;
  startedAt: number;
  done: boolean;
}

/** Whether a column still needs a move drawn over its data (fetched at `dataUpdatedAt`). */
export const moveApplies = (m: PendingMove, dataUpdatedAt: number): boolean =>
  !m.done || dataUpdatedAt <= m.startedAt;

/** Accepted moves are forgotten this long after they finished (their columns show them by then). */
const DONE_MOVES_KEPT_MS = 10_000;

const failureOf = (err: unknown): string => {
  if (err instanceof ApiError) {
    const fields = Object.values(err.fieldErrors);
    return err.status === 422 && fields.length ? fields.join(', ') : err.message;
  }
  return MESSAGES.networkError;
};

/**
 * Moving cards between stages (ADR 0052): the card moves at once, PUT /api/enquiries/{id} sends
 * only the new stage; a refusal puts the card back and shows the server's message (a 403 stays on
 * the board). A move to completed asks the deal question. `announce` says the outcome politely.
 */
export function useBoardMoves(announce: (message: string) => void) {
  const { mutateAsync } = useUpdateEnquiry({ quiet: [403, 422] });
  const { ask, element } = useCompletedEnquiryQuestion();
  const [moves, setMoves] = useState<Record<number, PendingMove>>({});
  const busy = useRef(new Set<number>());

  const move = useCallback(
    /** Resolves true when the server accepted the move, false when the card stays where it was. */
    async (enquiry: Enquiry, to: EnquiryStage): Promise<boolean> => {
      const from = enquiry.stage;
      if (from === to || !enquiry.can_edit || busy.current.has(enquiry.id)) return false;
      busy.current.add(enquiry.id);
      const name = enquirerOf(enquiry);
      const startedAt = Date.now();
      setMoves((m) => {
        const next: Record<number, PendingMove> = {};
        for (const p of Object.values(m))
          if (!p.done || startedAt - p.startedAt < DONE_MOVES_KEPT_MS) next[p.enquiry.id] = p;
        next[enquiry.id] = { enquiry: { ...enquiry, stage: to }, from, to, startedAt, done: false };
        return next;
      });
      try {
        // Resolves once every enquiry list has read the server again (the mutation's onSuccess).
        const saved = await mutateAsync({ id: enquiry.id, body: { stage: to } });
        setMoves((m) => ({
          ...m,
          [enquiry.id]: {
            enquiry: { ...enquiry, stage: saved.stage, updated_at: saved.updated_at },
            from,
            to: saved.stage,
            startedAt,
            done: true,
          },
        }));
        announce(`${name} moved to ${ENQUIRY_STAGE_LABELS[saved.stage]}.`);
        ask(saved);
        return true;
      } catch (err) {
        const message = failureOf(err);
        setMoves((m) => {
          const next = { ...m };
          delete next[enquiry.id];
          return next;
        });
        enqueueSnackbar(message, { variant: 'error' });
        announce(`${name} stays in ${ENQUIRY_STAGE_LABELS[from]}: ${message}`);
        return false;
      } finally {
        busy.current.delete(enquiry.id);
      }
    },
    [announce, ask, mutateAsync],
  );

  return { moves: Object.values(moves), move, questionElement: element };
}
