import { useEffect, useRef } from 'react';
import { formatMoney, rentSqftConsistent } from '@frontage/shared';
import { MoneyField } from './MoneyField';

type Props = Omit<Parameters<typeof MoneyField>[0], 'placeholder'> & {
  /** rent ÷ NIA as the form stands (packages/shared's rentPerSqft), null when it cannot be worked out. */
  computed: string | null;
};

/** Whether a figure is the one worked out before (within the shared tolerance): it follows the rent. */
const follows = (value: string | null | undefined, computed: string | null) =>
  value === null ||
  value === undefined ||
  (computed !== null && rentSqftConsistent(value, computed, 1, 'sqft'));

/**
 * Rent per sq ft (ADR 0079): empty, it shows rent ÷ NIA live ("£5.35 from rent ÷ NIA"),
 * which the server stores when the form is saved; a typed figure overrides it and is kept, with
 * the worked-out one beside it when they disagree by more than 1 %. A figure that was the worked-out
 * one follows the rent and the NIA: when either changes, it empties to show the new figure.
 */
export function RentSqftField({
  computed,
  value,
  onChange,
  currency,
  helperText,
  error,
  slotProps,
  ...rest
}: Props) {
  const before = useRef(computed);
  useEffect(() => {
    const was = before.current;
    before.current = computed;
    if (was === computed || value === null || value === undefined) return;
    if (was !== null && follows(value, was)) onChange(null);
    // Only a change of the worked-out figure decides; the value is read as it stands then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [computed]);
  const money = computed === null ? null : formatMoney(computed, currency);
  const hint =
    money === null
      ? undefined
      : value === null || value === undefined
        ? `${money} from rent ÷ NIA`
        : follows(value, computed)
          ? undefined
          : `Rent ÷ NIA is ${money}`;
  return (
    <MoneyField
      {...rest}
      value={value}
      onChange={onChange}
      currency={currency}
      placeholder={computed ?? undefined}
      error={error}
      helperText={helperText ?? hint}
      slotProps={{
        ...slotProps,
        ...(computed !== null ? { inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) } } : {}),
      }}
    />
  );
}
