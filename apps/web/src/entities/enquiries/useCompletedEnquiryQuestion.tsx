import { createElement, useCallback, useState, type ReactElement } from 'react';
import { MESSAGES } from '@frontage/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useOpenCreateDeal } from '../deals/CreateDealButton';
import type { Enquiry } from './api';

/** What the question needs of an enquiry: where it is, and who enquired. */
export type CompletedEnquiry = Pick<Enquiry, 'stage' | 'property_id' | 'scheme_id' | 'company_id'>;

/**
 * Spec A §4: when an enquiry is created or edited and ends as completed, ask whether to create a
 * deal; Yes opens the Create Deal chooser for its property (else its scheme) with the enquiry's
 * company as the new tenant. The Create and Edit Enquiry dialogs and the pipelines board
 * all ask through this: call `ask(saved)` after a successful write and render `element`.
 */
export const useCompletedEnquiryQuestion = (): {
  ask: (enquiry: CompletedEnquiry) => boolean;
  element: ReactElement;
} => {
  const openCreateDeal = useOpenCreateDeal();
  const [pending, setPending] = useState<CompletedEnquiry | null>(null);
  /** Yes was answered for this enquiry: the chooser opens once the question has closed. */
  const [accepted, setAccepted] = useState<CompletedEnquiry | null>(null);
  const ask = useCallback((enquiry: CompletedEnquiry) => {
    const asked = enquiry.stage === 'completed' && (enquiry.property_id ?? enquiry.scheme_id) != null;
    if (asked) setPending(enquiry);
    return asked;
  }, []);
  const element = createElement(ConfirmDialog, {
    open: pending !== null,
    title: 'Enquiry completed',
    message: MESSAGES.enquiryCompleted,
    onCancel: () => setPending(null),
    onConfirm: () => {
      setAccepted(pending);
      setPending(null);
    },
    // Opening the chooser while the question is still fading out leaves MUI's modal stack hiding
    // the chooser from assistive technology (aria-hidden on its root): wait until it is gone.
    onExited: () => {
      const e = accepted;
      setAccepted(null);
      if (!e) return;
      openCreateDeal(
        e.property_id != null
          ? { kind: 'property', id: e.property_id, tenantId: e.company_id }
          : { kind: 'scheme', id: e.scheme_id!, tenantId: e.company_id },
      );
    },
  });
  return { ask, element };
};
