import { useCallback, useMemo, useState } from 'react';
import { dealWarningKey, todayIso, type DealWarning, type Property, type Scheme } from '@frontage/shared';
import type { DealFormValues, WizardDealType } from '../form/dealForm';
import { reviewWarnings, type ReviewInput } from '../form/review';

/** The Review step's state, shared by the step (which shows it) and the frame (whose Finish waits on it). */
export interface ReviewState {
  /** What the Review reads; null until a place is loaded. */
  input: ReviewInput | null;
  warnings: DealWarning[];
  acknowledged: ReadonlySet<string>;
  acknowledge: (key: string, yes: boolean) => void;
  /** Every warning acknowledged: Finish may record the deal. */
  ready: boolean;
}

/**
 * The warnings of what the wizard would send (ADR 0081) and which of them the user has
 * acknowledged. A warning is known by its figures (`dealWarningKey`): changing them asks again.
 */
export function useReview(
  type: WizardDealType,
  loaded: { property: Property | null; scheme: Scheme | null },
  values: DealFormValues,
) {
  const { property, scheme } = loaded;
  const input = useMemo<ReviewInput | null>(() => {
    if (property)
      return { type, place: { kind: 'property', id: property.id }, property, scheme: null, values };
    if (scheme) return { type, place: { kind: 'scheme', id: scheme.id }, property: null, scheme, values };
    return null;
  }, [type, property, scheme, values]);
  const warnings = useMemo(() => (input ? reviewWarnings(input, todayIso()) : []), [input]);
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const acknowledge = useCallback(
    (key: string, yes: boolean) =>
      setAcknowledged((s) => {
        const next = new Set(s);
        if (yes) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const reset = useCallback(() => setAcknowledged(new Set()), []);
  const ready = warnings.every((w) => acknowledged.has(dealWarningKey(w)));
  const state: ReviewState = useMemo(
    () => ({ input, warnings, acknowledged, acknowledge, ready }),
    [input, warnings, acknowledged, acknowledge, ready],
  );
  return { state, reset };
}
