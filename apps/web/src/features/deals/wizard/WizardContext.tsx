import { createContext, useContext } from 'react';
import type { Property, Scheme } from '@frontage/shared';
import type { PlaceKind } from '../form/dealForm';
import type { ReviewState } from './useReview';

/** A place as a selector shows it. */
export interface PlaceRef {
  id: number;
  name: string;
}

/** What a step needs from its wizard beyond the form (which it reads with useFormContext). */
export interface WizardState {
  /** The loaded property (null until step 1 is passed, and in a scheme sale). */
  property: Property | null;
  /** The loaded scheme of a scheme sale (null otherwise). */
  scheme: Scheme | null;
  /** The chosen property or scheme as the selector shows it. */
  selected: PlaceRef | null;
  /** What step 1 chooses now, and what it may choose (a sale: property or scheme). */
  mode: PlaceKind;
  modes: readonly PlaceKind[];
  /** Switches what step 1 chooses: the selection and the form start again. */
  setMode: (mode: PlaceKind) => void;
  /** Step 1's property search offers a "Standalone only" filter (the sale's, ADR 0080). */
  standaloneOption: boolean;
  /** The scheme a property-only wizard was opened on: its search offers that scheme's units. */
  withinScheme: PlaceRef | null;
  /** Preselected from the route or by the caller: the selector cannot change it. */
  locked: boolean;
  loading: boolean;
  /** Chooses a place: loads it, clears and fills the form, moves to step 2. */
  select: (p: PlaceRef) => void;
  /** Told whether the comments panel holds an unsaved comment. */
  setCommentDirty: (dirty: boolean) => void;
  /** The Review step's warnings and their acknowledgements (ADR 0081). */
  review: ReviewState;
}

export const WizardContext = createContext<WizardState | null>(null);

export const useWizard = (): WizardState => {
  const w = useContext(WizardContext);
  if (!w) throw new Error('useWizard outside a deal wizard');
  return w;
};
