import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { dealCreateSchema, DEAL_MENU, type Property } from '@frontage/shared';
import { createDeal, refreshAfterDeal } from '../../../entities/deals/api';
import { fetchProperty, placeKeys } from '../../../entities/properties/api';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { flatResolver, payloadIssues } from '../../../lib/flatResolver';
import { ApiError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import {
  dateErrors,
  dealFieldOf,
  emptyDealForm,
  fillFromProperty,
  toDealPayload,
  type DealFormValues,
} from '../form/dealForm';
import type { WizardDefinition } from './types';

/** Lease renewal keeps the chosen currency across closing (spec B §2), for this page's life. */
const keptCurrency = new Map<string, string>();

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The first field path with an error, as a dotted path. */
const errorPaths = (errors: FieldErrors, prefix = ''): string[] =>
  Object.entries(errors).flatMap(([k, e]) => {
    if (!e || typeof e !== 'object') return [];
    const path = `${prefix}${k}`;
    return 'message' in e && typeof e.message === 'string'
      ? [path]
      : errorPaths(e as FieldErrors, `${path}.`);
  });

/**
 * The state of one deal wizard (spec B §2): the chosen property, the step and the furthest step
 * reached, one react-hook-form on the deal's shared schema, and the submit as one POST /api/deals
 * with an idempotency key.
 */
export function useDealWizard(def: WizardDefinition, preset: { id: number; name: string } | null) {
  const qc = useQueryClient();
  const user = useCurrentUser();
  const [selected, setSelected] = useState<{ id: number; name: string } | null>(preset);
  const [property, setProperty] = useState<Property | null>(null);
  const [loading, setLoading] = useState(!!preset);
  const [step, setStep] = useState(0);
  const [furthest, setFurthest] = useState(0);
  /** The steps opened so far: only those show as done (a skipped step is not). */
  const [visited, setVisited] = useState<ReadonlySet<number>>(new Set([0]));
  const [refused, setRefused] = useState(false);
  const key = useRef(newKey());
  const propertyId = property?.id ?? 0;

  const form = useForm<DealFormValues>({
    defaultValues: emptyDealForm(keptCurrency.get(def.type) ?? user.currency),
    resolver: flatResolver((v) => {
      const dates = dateErrors(v);
      if (Object.keys(dates).length) return dates;
      return payloadIssues(dealCreateSchema, toDealPayload(def.type, propertyId, v), dealFieldOf);
    }),
  });

  const goTo = useCallback((n: number) => {
    setStep(n);
    setFurthest((f) => Math.max(f, n));
    setVisited((v) => new Set(v).add(n));
  }, []);

  /** Loads the chosen property, then clears and fills the form and opens step 2. */
  const load = useCallback(
    (p: { id: number; name: string }) =>
      qc
        .fetchQuery({ queryKey: placeKeys.property(p.id), queryFn: () => fetchProperty(p.id) })
        .then((loaded) => {
          form.reset(fillFromProperty(def.type, loaded, user.currency));
          key.current = newKey();
          setProperty(loaded);
          setStep(1);
          setFurthest(1);
          setVisited(new Set([0, 1]));
        })
        .catch(() => setSelected(null))
        .finally(() => setLoading(false)),
    [qc, form, def.type, user.currency],
  );

  const select = useCallback(
    (p: { id: number; name: string }) => {
      setSelected(p);
      setLoading(true);
      setRefused(false);
      void load(p);
    },
    [load],
  );

  // A property passed in (or named by the route) is chosen at once and locked.
  const presetId = preset?.id;
  const presetName = preset?.name;
  useEffect(() => {
    if (presetId) void load({ id: presetId, name: presetName ?? '' });
  }, [presetId, presetName, load]);

  /** Closing forgets the selection, the step, the prefill and the form (renewal keeps the currency). */
  const reset = useCallback(() => {
    if (def.keepsCurrency) keptCurrency.set(def.type, form.getValues('currency'));
    form.reset(emptyDealForm(keptCurrency.get(def.type) ?? user.currency));
    setSelected(null);
    setProperty(null);
    setStep(0);
    setFurthest(0);
    setVisited(new Set([0]));
    setRefused(false);
    key.current = newKey();
  }, [def.keepsCurrency, def.type, form, user.currency]);

  /** Opens the first step holding a field in error. */
  const showErrors = (paths: string[]) => {
    setRefused(true);
    const heads = paths.map((p) => p.split('.')[0]);
    const i = def.steps.findIndex((s) => s.fields?.some((f) => heads.includes(f)));
    if (i >= 0) setStep(i);
  };

  /** Validates and sends; true when the deal was recorded. */
  const finish = (): Promise<boolean> =>
    new Promise((resolve) => {
      setRefused(false);
      void form.handleSubmit(
        async (v) => {
          if (!property) return resolve(false);
          try {
            await createDeal(toDealPayload(def.type, property.id, v), key.current);
            await refreshAfterDeal(qc, property.id);
            const label = DEAL_MENU.find((d) => d.type === def.type)?.label ?? 'Deal';
            enqueueSnackbar(`${label} deal recorded.`, { variant: 'success' });
            resolve(true);
          } catch (err) {
            applyServerErrors(err, form.setError, (k) => dealFieldOf(k) as never);
            if (err instanceof ApiError && err.status === 422)
              showErrors(Object.keys(err.fieldErrors).map(dealFieldOf));
            resolve(false);
          }
        },
        (errors) => {
          showErrors(errorPaths(errors));
          resolve(false);
        },
      )();
    });

  return {
    form,
    selected,
    property,
    loading,
    step,
    furthest,
    visited,
    refused,
    goTo,
    select,
    reset,
    finish,
    saving: form.formState.isSubmitting,
  };
}
