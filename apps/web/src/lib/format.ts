import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { DATE_FORMAT } from '@frontage/shared';

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? d : null;
};

/** dd/MM/yyyy */
export const formatDate = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? format(d, DATE_FORMAT, { locale: enGB }) : '';
};

/** dd/MM/yyyy HH:mm in the browser's time zone. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? format(d, `${DATE_FORMAT} HH:mm`, { locale: enGB }) : '';
};
