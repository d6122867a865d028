import { MESSAGES, type DealType } from '@frontage/shared';
import { SALE_VERIFICATION_TEXT } from '../../entities/companies/VerificationIndicator';
import { saleWithTenancy, schemeSaleErrors } from './form/dealRules';
import { CommentsLinksStep, WizardComments } from './steps/CommentsLinksStep';
import { CHECK_PROPERTY_FIELDS, CheckPropertyStep } from './steps/CheckPropertyStep';
import { ContactsStep, LANDLORD_FIELDS, PREV_TENANT_FIELDS, TENANT_FIELDS } from './steps/ContactsStep';
import { DATES_BLOCK_FIELDS, LEASE_DATE_FIELDS, LeaseDateStep } from './steps/LeaseDateStep';
import { RENT_FIELDS, RentStep } from './steps/RentStep';
import {
  LETTING_CONTACT_FIELDS,
  LETTING_LEASE_FIELDS,
  LETTING_REASON_FIELDS,
  LettingContactsStep,
  LettingLeaseStep,
  LettingReasonStep,
} from './steps/LettingSteps';
import { ReviewStep } from './steps/ReviewStep';
import {
  SALE_CHECK_FIELDS,
  SALE_CONTACT_FIELDS,
  SALE_DETAIL_FIELDS,
  SaleCheckStep,
  SaleContactsStep,
  SaleDetailsStep,
  TENANCY_LEASE_FIELDS,
  TenancyLeaseStep,
} from './steps/SaleSteps';
import { SelectPropertyStep } from './steps/SelectPropertyStep';
import {
  LandlordStep,
  LeaseInfoStep,
  ReasonStep,
  TenantChangeStep,
  TRACKED_TENANT_HINTS,
} from './steps/TrackedRetailerSteps';
import { chain, type WizardDefinition, type WizardStep } from './wizard/types';

const selectStep: WizardStep = { label: 'Select Property', content: <SelectPropertyStep /> };
const checkStep = (next: number, skip?: WizardStep['skip']): WizardStep => ({
  label: 'Check Property Information',
  content: <CheckPropertyStep />,
  fields: CHECK_PROPERTY_FIELDS,
  next,
  skip,
});
const commentsLinksStep: WizardStep = {
  label: 'Comments And Links (optional)',
  content: <CommentsLinksStep />,
  fields: ['links'],
  keepMounted: true,
};
/** Comments And Links, whose Next Step opens the Review. */
const commentsThen = (next: number): WizardStep => ({ ...commentsLinksStep, next });
/**
 * The last step of every wizard (ADR 0081): what will change, before → after, and the
 * warnings to acknowledge; Finish is here.
 */
const reviewStep: WizardStep = { label: 'Review', content: <ReviewStep /> };

/** "Add Deal - Rent Review", spec B §2's 6 steps and the Review; Next Step moves 2→3→…→7. */
const rentReview: WizardDefinition = {
  type: 'rent_review',
  title: 'Add Deal - Rent Review',
  steps: [
    selectStep,
    checkStep(2),
    {
      label: 'Contact information',
      content: <ContactsStep />,
      fields: [...LANDLORD_FIELDS, ...TENANT_FIELDS],
      next: 3,
    },
    { label: 'Rent Information', content: <RentStep />, fields: RENT_FIELDS, next: 4 },
    { label: 'Lease Date', content: <LeaseDateStep />, fields: LEASE_DATE_FIELDS, next: 5 },
    commentsThen(6),
    reviewStep,
  ],
};

/**
 * Lease Renewal/Re-gear, spec B §2's 6 steps and the Review (the title follows the other wizards
 * and the menu).
 * In a renewal the property and the parties usually stand, so steps 2 and 3 also offer a skip to
 * the Lease Date step (ADR 0045); the currency chosen is kept when the wizard is closed.
 */
const leaseRenewal: WizardDefinition = {
  type: 'lease_renewal',
  title: 'Add Deal - Lease Renewal/Re-gear',
  keepsCurrency: true,
  steps: [
    selectStep,
    checkStep(2, { label: 'Skip to Lease Date', to: 4 }),
    {
      label: 'Contact information',
      content: (
        <ContactsStep
          hints={{
            tenant: 'Trading name; leave blank if vacant',
            legal: 'Optional',
            legalLabel: 'Tenant (Legal)',
          }}
        />
      ),
      fields: [...LANDLORD_FIELDS, ...TENANT_FIELDS],
      next: 3,
      skip: { label: 'Skip to Lease Date', to: 4 },
    },
    { label: 'Rent Information', content: <RentStep />, fields: RENT_FIELDS, next: 4 },
    { label: 'Lease Date', content: <LeaseDateStep />, fields: LEASE_DATE_FIELDS, next: 5 },
    commentsThen(6),
    reviewStep,
  ],
};

const hasEffectiveDate = (v: { effective_date: string }) => !!v.effective_date.trim();

/** "Add Deal - Tracked Retailer", 8 steps, admins only (spec B §2, §6). */
const trackedRetailer: WizardDefinition = {
  type: 'tracked_retailer',
  title: 'Add Deal - Tracked Retailer',
  canFinish: hasEffectiveDate,
  steps: [
    selectStep,
    checkStep(2),
    {
      label: 'Reason',
      content: <ReasonStep />,
      fields: ['reason', 'effective_date', 'links'],
      next: 3,
      errorWhen: (v, furthest) =>
        furthest >= 3 && !hasEffectiveDate(v) ? MESSAGES.effectiveDateRequired : null,
    },
    {
      label: 'Tenant Information',
      content: <TenantChangeStep />,
      fields: [...PREV_TENANT_FIELDS, ...TENANT_FIELDS],
      next: 4,
    },
    { label: 'Landlord information', content: <LandlordStep />, fields: LANDLORD_FIELDS, next: 5 },
    {
      label: 'Lease Information',
      content: <LeaseInfoStep />,
      fields: [...RENT_FIELDS, ...DATES_BLOCK_FIELDS],
      next: 6,
    },
    { label: 'Comments (optional)', content: <WizardComments />, next: 7, keepMounted: true },
    { label: 'Review', content: <ReviewStep effectiveDateRequired /> },
  ],
};

/**
 * The two letting wizards' steps (spec B §2) and the Review; Next Step moves one on (the Dates
 * block's to 6).
 */
const lettingSteps = (newTenantHint?: string, previousLease = false): WizardStep[] => [
  selectStep,
  checkStep(2),
  { label: 'Reason', content: <LettingReasonStep />, fields: LETTING_REASON_FIELDS, next: 3 },
  { label: 'Contact information', content: <LettingContactsStep />, fields: LETTING_CONTACT_FIELDS, next: 4 },
  {
    label: 'Lease Information',
    content: <LettingLeaseStep newTenantHint={newTenantHint} previousLease={previousLease} />,
    fields: LETTING_LEASE_FIELDS,
    next: 5,
  },
  commentsThen(6),
  reviewStep,
];

/**
 * "Add Deal - Sub-letting/Assignment", 6 steps in the chooser's reading of spec B §2 (ADR 0048).
 * Before Finish each new tenant field left empty takes the previous tenant's (spec B §4).
 */
const subletting: WizardDefinition = {
  type: 'subletting',
  title: 'Add Deal - Sub-letting/Assignment',
  steps: lettingSteps('Leave empty to keep the previous tenant.'),
};

/**
 * "Add Deal - New Letting", property only, spec B §2's 6 steps and the Review; the new tenant
 * replaces the old. The new lease starts empty, the previous one shown beside it.
 */
const newLetting: WizardDefinition = {
  type: 'new_letting',
  title: 'Add Deal - New Letting',
  steps: lettingSteps(undefined, true),
};

/**
 * "Add Deal - Sale", spec B §2's 5 or 6 steps and the Review: any property (a unit in a scheme
 * is sold on its own, ADR 0080) or a whole scheme. Step 5 Tenancy/Lease information shows only
 * for a property sold as an investment or a sale & lease back; otherwise Comments And Links is
 * step 5. The steps follow the mode and the sale type as they change. In a sale the verification
 * tooltips speak of a Tracked Retailer.
 */
const sale: WizardDefinition = {
  type: 'sale',
  title: 'Add Deal - Sale',
  modes: ['property', 'scheme'],
  standaloneOption: true,
  verificationWording: SALE_VERIFICATION_TEXT,
  errors: (v, mode) => (mode === 'scheme' ? schemeSaleErrors(v) : {}),
  steps: ({ values, mode }) =>
    chain([
      { label: 'Select a Property that has been Sold', content: <SelectPropertyStep /> },
      { label: 'Check Property Information', content: <SaleCheckStep />, fields: SALE_CHECK_FIELDS },
      { label: 'Sale details', content: <SaleDetailsStep />, fields: SALE_DETAIL_FIELDS },
      { label: 'Contact information', content: <SaleContactsStep />, fields: SALE_CONTACT_FIELDS },
      ...(saleWithTenancy(mode, values.sale_type)
        ? [
            {
              label: 'Tenancy/Lease information',
              content: <TenancyLeaseStep />,
              fields: TENANCY_LEASE_FIELDS,
            },
          ]
        : []),
      commentsLinksStep,
      reviewStep,
    ]),
};

/** Every deal type's wizard. */
export const DEAL_WIZARDS: Record<DealType, WizardDefinition> = {
  sale,
  new_letting: newLetting,
  subletting,
  rent_review: rentReview,
  lease_renewal: leaseRenewal,
  tracked_retailer: trackedRetailer,
};

export { TRACKED_TENANT_HINTS };
