import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DATE_MESSAGES, LEASE_ORDER_MESSAGE, parseTypedDate } from '@frontage/shared';
import { isValidDateText } from '../../../components/fields/DateField';
import { DEAL_DATE_FIELDS, type DealFormValues } from '../form/dealForm';
import type { WizardStep } from './types';

/** What the stepper says under a step whose dates Next Step refused. */
export const STEP_DATES_ERROR = 'Check the dates';

/**
 * The date issues of one step (ADR 0081): each date it holds must be complete and a
 * real day, and where it holds both lease dates the end may not be before the start.
 */
export const stepDateIssues = (v: DealFormValues, fields: readonly string[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of DEAL_DATE_FIELDS)
    if (fields.includes(f) && !isValidDateText(v[f])) out[f] = DATE_MESSAGES.invalidTyped;
  if (fields.includes('lease_start_date') && fields.includes('lease_end_date') && !out.lease_end_date) {
    const start = parseTypedDate(v.lease_start_date);
    const end = parseTypedDate(v.lease_end_date);
    if (start && end && end < start) out.lease_end_date = LEASE_ORDER_MESSAGE;
  }
  return out;
};

const datesOf = (s: WizardStep) => DEAL_DATE_FIELDS.filter((f) => s.fields?.includes(f));

/**
 * "Next Step" checks the step's dates: with an issue it stays, shows each message under its field,
 * marks the step in the stepper and asks for the first invalid field to be focused (`focusKey`
 * changes). A checked step's messages then follow the values until they are put right.
 */
export function useStepCheck(
  form: UseFormReturn<DealFormValues>,
  steps: readonly WizardStep[],
  values: DealFormValues,
) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState(0);

  useEffect(() => {
    for (const s of steps) {
      if (!checked.has(s.label)) continue;
      const issues = stepDateIssues(values, s.fields ?? []);
      for (const f of datesOf(s)) {
        const error = form.getFieldState(f).error;
        if (issues[f] && error?.message !== issues[f]) form.setError(f, { type: 'step', message: issues[f] });
        else if (!issues[f] && error?.type === 'step') form.clearErrors(f);
      }
    }
  }, [values, checked, steps, form]);

  /** Moves on when the step's dates are right; otherwise stays and shows why. */
  const next = useCallback(
    (step: WizardStep, go: () => void) => {
      const issues = stepDateIssues(form.getValues(), step.fields ?? []);
      if (!Object.keys(issues).length) return go();
      setChecked((c) => new Set(c).add(step.label));
      for (const [f, message] of Object.entries(issues))
        form.setError(f as keyof DealFormValues, { type: 'step', message });
      setFocusKey((k) => k + 1);
    },
    [form],
  );

  /** The stepper's message for a step Next Step refused, while its dates are still wrong. */
  const errorOf = (s: WizardStep): string | null =>
    checked.has(s.label) && Object.keys(stepDateIssues(values, s.fields ?? [])).length
      ? STEP_DATES_ERROR
      : null;

  const reset = useCallback(() => setChecked(new Set()), []);
  return { next, errorOf, focusKey, reset };
}
