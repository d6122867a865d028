import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import {
  dealCreateSchema,
  DEAL_CHANGE_MESSAGES,
  DEAL_MENU,
  type Company,
  type Deal,
  type Property,
  type Scheme,
} from '@frontage/shared';
import { companyKeys } from '../../../entities/companies/api';
import { correctDeal, createDeal, dealKeys, fetchDeal, refreshAfterDeal } from '../../../entities/deals/api';
import { TENANT_PREFILL_TYPES, type DealPlaceRef } from '../../../entities/deals/links';
import { fetchProperty, placeKeys } from '../../../entities/properties/api';
import { fetchScheme } from '../../../entities/schemes/api';
import { applyServerErrors } from '../../../lib/applyServerErrors';
import { flatResolver, payloadIssues } from '../../../lib/flatResolver';
import { ApiError, http } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import {
  dateErrors,
  dealFieldOf,
  emptyDealForm,
  fillFromProperty,
  fillFromScheme,
  toDealPayload,
  withNewTenant,
  type DealFormValues,
  type DealPlace,
  type PlaceKind,
} from '../form/dealForm';
import { fillFromDealOnProperty, fillFromDealOnScheme } from '../form/dealEdit';
import { stepsOf, type WizardDefinition } from './types';
import type { PlaceRef } from './WizardContext';

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

/** The loaded place a deal is recorded on. */
type Loaded = { kind: 'property'; property: Property } | { kind: 'scheme'; scheme: Scheme };
const PROPERTY_ONLY: readonly PlaceKind[] = ['property'];

const placeOf = (l: Loaded | null): DealPlace | null =>
  l ? { kind: l.kind, id: l.kind === 'property' ? l.property.id : l.scheme.id } : null;

/**
 * The state of one deal wizard (spec B §2): what step 1 chooses (a property; a sale also a
 * scheme), the chosen place, the steps (computed from the values and the mode), the step and the
 * furthest step reached, one react-hook-form on the deal's shared schema, and the submit as one
 * POST /api/deals with an idempotency key.
 *
 * `preset` is a place passed in or named by the route: a property (or a sale's scheme) is chosen
 * at once and locked; a scheme given to a wizard that records on properties limits its search to
 * the scheme's units instead.
 */
export function useDealWizard(
  def: WizardDefinition,
  preset: DealPlaceRef | null,
  tenantId: number | null = null,
  /** The deal being corrected (ADR 0077): its values fill the form, Finish sends PUT. */
  editId: number | null = null,
) {
  const qc = useQueryClient();
  const user = useCurrentUser();
  const modes = def.modes ?? PROPERTY_ONLY;
  const presetKind: PlaceKind = preset?.kind ?? 'property';
  const lockedOn = preset && modes.includes(presetKind) ? preset : null;
  const withinScheme = preset && !lockedOn && presetKind === 'scheme' ? preset : null;

  const [mode, setModeState] = useState<PlaceKind>(lockedOn ? presetKind : modes[0]!);
  const [selected, setSelected] = useState<PlaceRef | null>(lockedOn);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(!!lockedOn);
  const [step, setStep] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const [refused, setRefused] = useState(false);
  const key = useRef(newKey());
  /** The deal being corrected, as read when the wizard opened (its version goes in If-Match). */
  const editing = useRef<Deal | null>(null);
  const place = placeOf(loaded);
  const form = useForm<DealFormValues>({
    defaultValues: emptyDealForm(keptCurrency.get(def.type) ?? user.currency),
    // react-hook-form takes each render's resolver: it sees the place and mode chosen.
    resolver: flatResolver((v) => {
      const own = { ...dateErrors(v), ...def.errors?.(v, mode) };
      if (Object.keys(own).length) return own;
      return payloadIssues(
        dealCreateSchema,
        toDealPayload(def.type, place ?? { kind: mode, id: 0 }, v),
        dealFieldOf,
      );
    }),
  });

  const values = useWatch({ control: form.control }) as DealFormValues;
  const steps = stepsOf(def, { values, mode });
  /** The steps opened so far, by label: only those show as done (a skipped one does not). */
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set([steps[0]!.label]));
  // Steps computed from the values may shrink under the open one (a sale type changed).
  const at = Math.min(step, steps.length - 1);

  const goTo = useCallback(
    (n: number) => {
      setStep(n);
      setFurthest((f) => Math.max(f, n));
      const label = steps[n]?.label;
      if (label) setVisited((v) => new Set(v).add(label));
    },
    [steps],
  );

  /**
   * The new tenant a letting or sub-letting starts with (a completed enquiry's company):
   * read once; when it cannot be read the wizard opens without it.
   */
  const newTenant = useCallback(
    (): Promise<Company | null> =>
      tenantId && TENANT_PREFILL_TYPES.includes(def.type)
        ? qc
            .fetchQuery({
              queryKey: companyKeys.detail(tenantId),
              queryFn: async () =>
                (
                  await http.get<{ data: Company }>(`/companies/${tenantId}`, {
                    query: { include: 'scraper,contacts_count' },
                    quiet: true,
                  })
                ).data,
            })
            .catch(() => null)
        : Promise.resolve(null),
    [qc, tenantId, def.type],
  );

  /** The deal being corrected, read once (a fresh read: its version is compared on Finish). */
  const dealToEdit = useCallback(
    (): Promise<Deal | null> =>
      editId === null
        ? Promise.resolve(null)
        : qc.fetchQuery({ queryKey: dealKeys.one(editId), queryFn: () => fetchDeal(editId), staleTime: 0 }),
    [qc, editId],
  );

  /** Loads the chosen place, then clears and fills the form and opens step 2. */
  const load = useCallback(
    (p: PlaceRef, kind: PlaceKind) => {
      const filled: Promise<[Loaded, DealFormValues]> =
        kind === 'scheme'
          ? qc
              .fetchQuery({ queryKey: placeKeys.scheme(p.id), queryFn: () => fetchScheme(p.id) })
              .then(async (s) => {
                const deal = await dealToEdit();
                editing.current = deal;
                return [
                  { kind: 'scheme', scheme: s },
                  deal ? fillFromDealOnScheme(deal, s, user.currency) : fillFromScheme(s, user.currency),
                ];
              })
          : qc
              .fetchQuery({ queryKey: placeKeys.property(p.id), queryFn: () => fetchProperty(p.id) })
              .then(async (pr) => {
                const deal = await dealToEdit();
                editing.current = deal;
                return [
                  { kind: 'property', property: pr },
                  deal
                    ? fillFromDealOnProperty(deal, pr, user.currency)
                    : withNewTenant(fillFromProperty(def.type, pr, user.currency), await newTenant()),
                ];
              });
      return filled
        .then(([l, v]) => {
          form.reset(v);
          key.current = newKey();
          setLoaded(l);
          setStep(1);
          setFurthest(1);
          const labels = stepsOf(def, { values: v, mode: kind }).map((s) => s.label);
          setVisited(new Set(labels.slice(0, 2)));
        })
        .catch(() => setSelected(null))
        .finally(() => setLoading(false));
    },
    [qc, form, def, user.currency, newTenant, dealToEdit],
  );

  const select = useCallback(
    (p: PlaceRef) => {
      setSelected(p);
      setLoading(true);
      setRefused(false);
      void load(p, mode);
    },
    [load, mode],
  );

  // A place passed in (or named by the route) is chosen at once and locked.
  const presetId = lockedOn?.id;
  const presetName = lockedOn?.name;
  useEffect(() => {
    if (presetId) void load({ id: presetId, name: presetName ?? '' }, presetKind);
  }, [presetId, presetName, presetKind, load]);

  /** Forgets the selection, the step, the prefill and the form (renewal keeps the currency). */
  const clear = useCallback(() => {
    if (def.keepsCurrency) keptCurrency.set(def.type, form.getValues('currency'));
    form.reset(emptyDealForm(keptCurrency.get(def.type) ?? user.currency));
    setSelected(null);
    setLoaded(null);
    setStep(0);
    setFurthest(0);
    setVisited(new Set([steps[0]!.label]));
    setRefused(false);
    key.current = newKey();
  }, [def.keepsCurrency, def.type, form, user.currency, steps]);

  /** Closing: everything is forgotten and step 1 chooses what it chose first. */
  const reset = useCallback(() => {
    clear();
    setModeState(modes[0]!);
  }, [clear, modes]);

  /** Step 1 switches between a property and a scheme: the choice and the form start again. */
  const setMode = useCallback(
    (m: PlaceKind) => {
      if (m === mode || lockedOn) return;
      clear();
      setModeState(m);
    },
    [clear, mode, lockedOn],
  );

  /** Opens the first step holding a field in error. */
  const showErrors = (paths: string[]) => {
    setRefused(true);
    const heads = paths.map((p) => p.split('.')[0]);
    const i = steps.findIndex((s) => s.fields?.some((f) => heads.includes(f)));
    if (i >= 0) setStep(i);
  };

  /** Validates and sends; true when the deal was recorded. */
  const finish = (): Promise<boolean> =>
    new Promise((resolve) => {
      setRefused(false);
      void form.handleSubmit(
        async (v) => {
          if (!place) return resolve(false);
          try {
            const payload = toDealPayload(def.type, place, v);
            const edited = editing.current;
            if (edited) await correctDeal(edited.id, payload, edited.version);
            else await createDeal(payload, key.current);
            await refreshAfterDeal(qc, place);
            const label = DEAL_MENU.find((d) => d.type === def.type)?.label ?? 'Deal';
            enqueueSnackbar(edited ? DEAL_CHANGE_MESSAGES.corrected : `${label} deal recorded.`, {
              variant: 'success',
            });
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
    values,
    steps,
    mode,
    modes,
    setMode,
    withinScheme,
    locked: !!lockedOn,
    editing: editId !== null,
    selected,
    property: loaded?.kind === 'property' ? loaded.property : null,
    scheme: loaded?.kind === 'scheme' ? loaded.scheme : null,
    chosen: !!loaded,
    loading,
    step: at,
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
