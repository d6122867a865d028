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

/** "45 seconds", "1 minute", "3 minutes" for Retry-After style waits. */
export const formatWait = (seconds: number): string => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
