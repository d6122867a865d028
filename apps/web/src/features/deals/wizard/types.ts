import type { ReactNode } from 'react';
import type { DealFormValues, WizardDealType } from '../form/dealForm';

/** One step of a wizard: its label, content, which fields it holds and where Next Step goes. */
export interface WizardStep {
  label: string;
  content: ReactNode;
  /** Top-level form fields shown in the step: a failed Finish opens the first step with an error. */
  fields?: readonly string[];
  /** The step Next Step opens (0-based); absent on the last step, which shows Finish. */
  next?: number;
  /** A second button that skips forward (the renewal wizard's, ADR 0044). */
  skip?: { label: string; to: number };
  /** The step's error once the user has gone past it (the tracked retailer's effective date). */
  errorWhen?: (v: DealFormValues, furthest: number) => string | null;
}

/** A deal wizard built on the frame (spec B §2). */
export interface WizardDefinition {
  type: WizardDealType;
  title: string;
  steps: readonly WizardStep[];
  /** Finish stays disabled until this holds (besides a chosen property). */
  canFinish?: (v: DealFormValues) => boolean;
  /** Lease renewal keeps the chosen currency when closed (spec B §2). */
  keepsCurrency?: boolean;
}
