import { Chip, Stack } from '@mui/material';
import { PORTFOLIO_ROLES, PORTFOLIO_ROLE_LABELS, type PortfolioRole } from '@frontage/shared';

/**
 * The portfolio's role filter: one chip per role the company holds, with its count (the server's
 * `meta.counts`), pressed when chosen; several may be chosen, and "All roles" clears them. A role
 * the company never holds is left out unless it is chosen.
 */
export function RoleFilter({
  value,
  counts,
  onChange,
}: {
  value: readonly PortfolioRole[];
  counts: Partial<Record<PortfolioRole, number>> | undefined;
  onChange: (roles: PortfolioRole[]) => void;
}) {
  const shown = PORTFOLIO_ROLES.filter((r) => value.includes(r) || (counts?.[r] ?? 0) > 0);
  const toggle = (role: PortfolioRole) =>
    onChange(
      value.includes(role)
        ? value.filter((r) => r !== role)
        : PORTFOLIO_ROLES.filter((r) => r === role || value.includes(r)),
    );
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label="Role"
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Chip
        label="All roles"
        clickable
        color={value.length === 0 ? 'primary' : 'default'}
        variant={value.length === 0 ? 'filled' : 'outlined'}
        aria-pressed={value.length === 0}
        onClick={() => onChange([])}
      />
      {shown.map((role) => {
        const on = value.includes(role);
        const count = counts?.[role];
        return (
          <Chip
            key={role}
            clickable
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            label={
              count === undefined
                ? PORTFOLIO_ROLE_LABELS[role]
                : `${PORTFOLIO_ROLE_LABELS[role]} (${count.toLocaleString('en-GB')})`
            }
            onClick={() => toggle(role)}
          />
        );
      })}
    </Stack>
  );
}
