import { MESSAGES, type DealType } from '@frontage/shared';
import { CommentsLinksStep, WizardComments } from './steps/CommentsLinksStep';
import { CHECK_PROPERTY_FIELDS, CheckPropertyStep } from './steps/CheckPropertyStep';
import { ContactsStep, LANDLORD_FIELDS, PREV_TENANT_FIELDS, TENANT_FIELDS } from './steps/ContactsStep';
import { LEASE_DATE_FIELDS, LeaseDateStep } from './steps/LeaseDateStep';
import { RENT_FIELDS, RentStep } from './steps/RentStep';
import { ReviewStep } from './steps/ReviewStep';
import { SelectPropertyStep } from './steps/SelectPropertyStep';
import {
  LandlordStep,
  LeaseInfoStep,
  ReasonStep,
  TenantChangeStep,
  TRACKED_TENANT_HINTS,
} from './steps/TrackedRetailerSteps';
import type { WizardDefinition, WizardStep } from './wizard/types';

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
};

/** "Add Deal - Rent Review", 6 steps; Next Step moves 2→3→4→5→6 (spec B §2). */
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
    commentsLinksStep,
  ],
};

/**
 * Lease Renewal/Re-gear, 6 steps (spec B §2; the title follows the other wizards and the menu).
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
    commentsLinksStep,
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
      fields: [...RENT_FIELDS, ...LEASE_DATE_FIELDS.filter((f) => f !== 'effective_date')],
      next: 6,
    },
    { label: 'Comments (optional)', content: <WizardComments />, next: 7 },
    { label: 'Review', content: <ReviewStep /> },
  ],
};

/** The wizards built so far; the menu's other deal types stay disabled until theirs exist. */
export const DEAL_WIZARDS: Partial<Record<DealType, WizardDefinition>> = {
  rent_review: rentReview,
  lease_renewal: leaseRenewal,
  tracked_retailer: trackedRetailer,
};

export { TRACKED_TENANT_HINTS };
