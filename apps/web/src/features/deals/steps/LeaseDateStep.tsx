import { LEASE_TERM_KEYS } from '@frontage/shared';
import { FormSection } from '../../../components/FormSection';
import { LeaseTermsFields } from '../../../entities/properties/sections';
import { DateInput, TextInput } from './fields';

/**
 * Lease Date (rent review, renewal; spec B §2, in its order): effective date, next break date,
 * break clause, lease start and end, next review date, rent review clause; then the lease terms
 * (ADR 0086).
 */
export function LeaseDateStep() {
  return (
    <FormSection title="Lease Date">
      <DateInput name="effective_date" label="Effective Date" />
      <DateInput name="break_date" label="Next Break Date" />
      <TextInput name="break_clause" label="Break Clause" multiline />
      <DateInput name="lease_start_date" label="Lease Start Date" />
      <DateInput name="lease_end_date" label="Lease End Date" />
      <DateInput name="next_review_date" label="Next Review Date" />
      <TextInput name="rent_review_clause" label="Rent Review Clause" multiline />
      <LeaseTermsFields />
    </FormSection>
  );
}
export const LEASE_DATE_FIELDS = [
  'effective_date',
  'break_date',
  'break_clause',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'rent_review_clause',
  ...LEASE_TERM_KEYS,
];
/** The dates block's fields: the lease dates and clauses (the effective date is the deal's own). */
export const DATES_BLOCK_FIELDS = LEASE_DATE_FIELDS.filter((f) => f !== 'effective_date');

/** The dates block of a lease step (tracked retailer): the lease dates, both clauses, the terms. */
export function DatesBlock() {
  return (
    <FormSection title="Dates">
      <DateInput name="lease_start_date" label="Lease Start Date" />
      <DateInput name="lease_end_date" label="Lease End Date" />
      <DateInput name="next_review_date" label="Next Review Date" />
      <TextInput name="rent_review_clause" label="Rent Review Clause" multiline />
      <DateInput name="break_date" label="Next Break Date" />
      <TextInput name="break_clause" label="Break Clause" multiline />
      <LeaseTermsFields />
    </FormSection>
  );
}
