import { createContext, useContext, type ComponentPropsWithRef } from 'react';
import { Box, Tooltip } from '@mui/material';
import { MESSAGES, verificationStateOf, type VerificationState } from '@frontage/shared';
import type { CompanyRef } from './api';

export const VERIFICATION_TEXT: Record<VerificationState, string> = {
  never: MESSAGES.retailerNeverVerified,
  verified: MESSAGES.retailerVerified,
  lapsed: MESSAGES.retailerNotCurrentlyVerified,
};

/**
 * The sale wizard's wording (spec B §2: "in sales"): two texts, so a company verified once but not
 * now has "not yet been Verified" as well (ADR 0048).
 */
export const SALE_VERIFICATION_TEXT: Record<VerificationState, string> = {
  never: MESSAGES.trackedRetailerNotVerified,
  verified: MESSAGES.trackedRetailerVerified,
  lapsed: MESSAGES.trackedRetailerNotVerified,
};

const Wording = createContext<Record<VerificationState, string>>(VERIFICATION_TEXT);
/** The tooltip wording of every indicator inside it (a wizard chooses the sale's). */
export const VerificationWordingProvider = Wording.Provider;

/** grey = never verified, green = verified, orange = verified once but not now (spec A §3). */
const COLOURS: Record<VerificationState, string> = {
  never: 'grey.500',
  verified: 'success.main',
  lapsed: 'warning.main',
};

/** The state of a company as a picker or list holds it; null when the record says nothing about it. */
export const verificationOf = (c: CompanyRef): VerificationState | null =>
  c.is_verified === undefined
    ? null
    : verificationStateOf({
        is_verified: c.is_verified,
        verified_at: c.scraper?.verified_at ?? c.verified_at ?? null,
      });

/** A coloured dot with the spec's tooltip; the text is also its accessible name. */
export function VerificationIndicator({
  company,
  size = 10,
  decorative = false,
}: {
  company: CompanyRef;
  size?: number;
  /** Beside a text that already says the state (e.g. a filter option): hidden from assistive tech. */
  decorative?: boolean;
}) {
  const wording = useContext(Wording);
  const state = verificationOf(company);
  if (!state) return null;
  const text = wording[state];
  if (decorative) return <Dot state={state} size={size} />;
  return (
    <Tooltip title={text} describeChild={false}>
      <Dot state={state} size={size} label={text} />
    </Tooltip>
  );
}

type DotProps = { state: VerificationState; size: number; label?: string } & ComponentPropsWithRef<'span'>;

/** Spreads the props and ref a Tooltip gives its child. */
function Dot({ state, size, label, ...rest }: DotProps) {
  return (
    <Box
      {...rest}
      component="span"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid="verification-indicator"
      data-state={state}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: COLOURS[state],
        boxShadow: (t) => `0 0 0 1px ${t.palette.background.paper}`,
        verticalAlign: 'middle',
      }}
    />
  );
}
