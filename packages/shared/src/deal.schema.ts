import { z } from 'zod';
import { addressUpdateSchema, placeText } from './address.schema';
import { idSchema } from './api.schema';
import { DATE_MESSAGES, isIsoDate, optionalIsoDateSchema } from './dates';
import { REASONS, SALE_TYPES } from './enums';
import { leaseTermsInputShape } from './lease.schema';
import { MESSAGES } from './messages';
import { optionalMoneySchema } from './money';
import { currencyCodeSchema, idListSchema, PROPERTY_MESSAGES, propertyAreasSchema } from './property.schema';
import { schemeUpdateSchema } from './scheme.schema';

/*
 * POST /api/deals (spec B §3): one discriminated union on `deal_type`, each member with
 * exactly the spec's field names. All lists are lists of ids, dates yyyy-mm-dd, currency a code,
 * links URL strings. Empty values and empty lists may be omitted ('' and null mean "no value");
 * unknown fields are ignored (zod strips them). Besides the spec's fields the body may carry the
 * wizard's `address` and `areas` updates — and for a scheme sale the `scheme` update — so that a
 * wizard's submit is one call.
 */

export const DEAL_MESSAGES = {
  effectiveDateRequired: MESSAGES.effectiveDateRequired,
  invalidUrl: MESSAGES.invalidUrl,
  propertyRequired: 'Select a property.',
  propertyOrScheme: 'Select a property or a scheme, not both.',
  saleTypeUnknown:
    'The sale type must be Vacant Possession, Investment, Sale & Lease Back or Owner Occupier.',
  dealTypeUnknown:
    'The deal type must be sale, new_letting, subletting, rent_review, lease_renewal or tracked_retailer.',
} as const;

/** Spec B §5: a link is http, https or www followed by a domain. */
export const LINK_PATTERN =
  /^(?:https?:\/\/|www\.)(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
export const isLink = (text: string): boolean => LINK_PATTERN.test(text.trim());

const blankToNull = (v: unknown) => (v === '' ? null : v);
const optionalId = z.preprocess(blankToNull, idSchema.nullable().optional());
const optionalIds = z.preprocess(blankToNull, idListSchema.nullable().optional());
const link = z.string().trim().max(2000).refine(isLink, DEAL_MESSAGES.invalidUrl);

/** Fields every deal may carry (spec B §3 "Common"). */
const common = {
  reason: z.preprocess(
    blankToNull,
    z.enum(REASONS, { error: PROPERTY_MESSAGES.reasonUnknown }).nullable().optional(),
  ),
  tenant_id: optionalId,
  landlords: optionalIds,
  landlord_contacts: optionalIds,
  landlord_agents: optionalIds,
  landlord_agent_contacts: optionalIds,
  tenant_agents: optionalIds,
  tenant_agent_contacts: optionalIds,
  tenant_contacts: optionalIds,
  lease_start_date: optionalIsoDateSchema,
  lease_end_date: optionalIsoDateSchema,
  rent_review_clause: placeText(2000),
  next_review_date: optionalIsoDateSchema,
  break_clause: placeText(2000),
  break_date: optionalIsoDateSchema,
  /** The lease terms (optional fields beside the spec's), applied with the dates. */
  ...leaseTermsInputShape,
  rent_pa: optionalMoneySchema,
  rent_sqft: optionalMoneySchema,
  rateable_value: optionalMoneySchema,
  service_charge: optionalMoneySchema,
  incentive: placeText(1000),
  currency: z.preprocess(blankToNull, currencyCodeSchema.nullable().optional()),
  planning: placeText(255),
  links: z.array(link).max(50).optional(),
  /** The wizard's address step (spec B's address update payload), applied in the same transaction. */
  address: addressUpdateSchema.optional(),
  /** The wizard's areas (area_size_type and the ticked areas), applied in the same transaction. */
  areas: propertyAreasSchema.optional(),
  /** Not in spec B's lists for every type, but every deal happens on a day: accepted throughout. */
  effective_date: optionalIsoDateSchema,
};

/** The previous tenant side (tracked retailer, sub-letting, new letting). */
const previousTenantLists = {
  prev_tenant_id: optionalId,
  prev_tenant_agents: optionalIds,
  prev_tenant_agent_contacts: optionalIds,
  prev_tenant_contacts: optionalIds,
};

const onProperty = { property_id: idSchema };

export const rentReviewDealSchema = z.object({
  deal_type: z.literal('rent_review'),
  ...onProperty,
  ...common,
  legal_tenant_id: optionalId,
  prev_rent_pa: optionalMoneySchema,
  prev_rent_sqft: optionalMoneySchema,
});

export const leaseRenewalDealSchema = z.object({
  deal_type: z.literal('lease_renewal'),
  ...onProperty,
  ...common,
  legal_tenant_id: optionalId,
  prev_rent_pa: optionalMoneySchema,
  prev_rent_sqft: optionalMoneySchema,
});

export const trackedRetailerDealSchema = z.object({
  deal_type: z.literal('tracked_retailer'),
  ...onProperty,
  ...common,
  legal_tenant_id: optionalId,
  ...previousTenantLists,
  prev_legal_tenant_id: optionalId,
  effective_date: z
    .string({ error: DEAL_MESSAGES.effectiveDateRequired })
    .trim()
    .min(1, { error: DEAL_MESSAGES.effectiveDateRequired, abort: true })
    .refine(isIsoDate, DATE_MESSAGES.invalid),
});

export const sublettingDealSchema = z.object({
  deal_type: z.literal('subletting'),
  ...onProperty,
  ...common,
  legal_tenant_id: optionalId,
  ...previousTenantLists,
  prev_legal_tenant_id: optionalId,
});

/** New letting names the legal tenants `tenant_legal_id` / `prev_tenant_legal_id` (spec B §3). */
export const newLettingDealSchema = z.object({
  deal_type: z.literal('new_letting'),
  ...onProperty,
  ...common,
  tenant_legal_id: optionalId,
  ...previousTenantLists,
  prev_tenant_legal_id: optionalId,
});

/**
 * A sale of a property (`property_id`) or of a whole scheme (`scheme_id`, with the wizard's
 * `scheme` update). The price is `sale_price` (the form calls it price_paid).
 */
export const saleDealSchema = z
  .object({
    deal_type: z.literal('sale'),
    property_id: optionalId,
    scheme_id: optionalId,
    ...common,
    legal_tenant_id: optionalId,
    sale_type: z.preprocess(
      blankToNull,
      z.enum(SALE_TYPES, { error: DEAL_MESSAGES.saleTypeUnknown }).nullable().optional(),
    ),
    sale_price: optionalMoneySchema,
    prev_landlords: optionalIds,
    prev_landlord_contacts: optionalIds,
    prev_landlord_agents: optionalIds,
    prev_landlord_agent_contacts: optionalIds,
    scheme: schemeUpdateSchema.optional(),
  })
  .superRefine((d, ctx) => {
    if (!d.property_id === !d.scheme_id)
      ctx.addIssue({
        code: 'custom',
        path: [d.property_id ? 'scheme_id' : 'property_id'],
        message: d.property_id ? DEAL_MESSAGES.propertyOrScheme : DEAL_MESSAGES.propertyRequired,
      });
  });

export const dealCreateSchema = z.discriminatedUnion(
  'deal_type',
  [
    saleDealSchema,
    newLettingDealSchema,
    sublettingDealSchema,
    rentReviewDealSchema,
    leaseRenewalDealSchema,
    trackedRetailerDealSchema,
  ],
  { error: DEAL_MESSAGES.dealTypeUnknown },
);
export type DealCreate = z.input<typeof dealCreateSchema>;
export type DealCreateParsed = z.output<typeof dealCreateSchema>;
