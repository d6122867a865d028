import type { ReactNode } from 'react';
import type { VerificationState } from '@frontage/shared';
import type { DealFormValues, PlaceKind, WizardDealType } from '../form/dealForm';

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
  /**
   * Once opened, the step stays mounted (hidden) while others are open: the comments panel keeps
   * an unsaved comment while the Review is read, and Finish still asks about it.
   */
  keepMounted?: boolean;
  /** The step's error once the user has gone past it (the tracked retailer's effective date). */
  errorWhen?: (v: DealFormValues, furthest: number) => string | null;
}

/** What a wizard's steps may depend on: the form's values and what step 1 chooses (ADR 0048). */
export interface StepContext {
  values: DealFormValues;
  mode: PlaceKind;
}

/** A deal wizard built on the frame (spec B §2). */
export interface WizardDefinition {
  type: WizardDealType;
  title: string;
  /**
   * The steps: a fixed list, or a list computed from the values and the mode (the sale's step 5
   * shows only for a property sold with its tenancy), recomputed as they change.
   */
  steps: readonly WizardStep[] | ((c: StepContext) => readonly WizardStep[]);
  /** What step 1 chooses, the first being the default (a sale: a property or a scheme). */
  modes?: readonly PlaceKind[];
  /**
   * Step 1's property search offers a "Standalone only" filter (the sale's: spec B §7's
   * `type=standalone` as an option, not the rule — a unit in a scheme is sold on its own, ADR 0080).
   */
  standaloneOption?: boolean;
  /** Checks beyond the payload's schema (a scheme sale's required fields), by field path. */
  errors?: (v: DealFormValues, mode: PlaceKind) => Record<string, string>;
  /** Finish stays disabled until this holds (besides a chosen property). */
  canFinish?: (v: DealFormValues) => boolean;
  /** Lease renewal keeps the chosen currency when closed (spec B §2). */
  keepsCurrency?: boolean;
  /** The verification indicator's tooltips inside the wizard (the sale's, spec B §2). */
  verificationWording?: Record<VerificationState, string>;
}

/** The steps of a wizard for the current values and mode. */
export const stepsOf = (def: WizardDefinition, c: StepContext): readonly WizardStep[] =>
  typeof def.steps === 'function' ? def.steps(c) : def.steps;

/** Steps where Next Step opens the following one, the last showing Finish. */
export const chain = (steps: readonly Omit<WizardStep, 'next'>[]): WizardStep[] =>
  steps.map((s, i) => (i < steps.length - 1 ? { ...s, next: i + 1 } : s));
