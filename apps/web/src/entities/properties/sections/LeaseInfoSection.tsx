import { TextField } from '@mui/material';
import { DateField } from '../../../components/fields/DateField';
import { FormSection } from '../../../components/FormSection';
import { Bound, useSection, type SectionProps } from './Bound';
import { LeaseTermsFields } from './LeaseTermsFields';

/** Lease Info: the four dates (typed dd/mm/yyyy), the two clauses, then the lease terms. */
export function LeaseInfoSection({ prefix, disabled }: SectionProps) {
  const { path } = useSection(prefix);
  const date = (name: string, label: string) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <DateField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={f.onChange}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          fullWidth
        />
      )}
    </Bound>
  );
  const clause = (name: string, label: string) => (
    <Bound<string> name={path(name)}>
      {(f) => (
        <TextField
          size="small"
          label={label}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          onBlur={f.onBlur}
          disabled={disabled}
          error={!!f.error}
          helperText={f.error}
          multiline
          maxRows={4}
          fullWidth
        />
      )}
    </Bound>
  );
  return (
    <FormSection title="Lease Info">
      {date('lease_start_date', 'Lease Start Date')}
      {date('lease_end_date', 'Lease End Date')}
      {date('next_review_date', 'Next Review Date')}
      {date('break_date', 'Break Date')}
      {clause('rent_review_clause', 'Rent Review Clause')}
      {clause('break_clause', 'Break Clause')}
      <LeaseTermsFields prefix={prefix} disabled={disabled} />
    </FormSection>
  );
}
