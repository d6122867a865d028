import { createContext, useContext } from 'react';
import type { Property } from '@frontage/shared';

/** What a step needs from its wizard beyond the form (which it reads with useFormContext). */
export interface WizardState {
  /** The loaded property (null until step 1 is passed). */
  property: Property | null;
  /** The chosen property as the selector shows it. */
  selected: { id: number; name: string } | null;
  /** Preselected from the route or by the caller: the selector cannot change it. */
  locked: boolean;
  loading: boolean;
  /** Chooses a property: loads it, clears and fills the form, moves to step 2. */
  select: (p: { id: number; name: string }) => void;
  /** Told whether the comments panel holds an unsaved comment. */
  setCommentDirty: (dirty: boolean) => void;
}

export const WizardContext = createContext<WizardState | null>(null);

export const useWizard = (): WizardState => {
  const w = useContext(WizardContext);
  if (!w) throw new Error('useWizard outside a deal wizard');
  return w;
};
