import { Link as RouterLink } from 'react-router';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney, type GapPlace, type GapUnit } from '@frontage/shared';
import { propertyHref } from '../../../entities/tracked-retailers/links';

/** Why a unit counts as available: vacant now, or its lease ends or breaks soon. */
export const availabilityOf = (u: GapUnit): string => {
  if (u.vacant) return 'Vacant';
  const events = [
    u.lease_end_date && { label: 'Lease ends', date: u.lease_end_date },
    u.break_date && { label: 'Break', date: u.break_date },
  ].filter((e): e is { label: string; date: string } => !!e);
  events.sort((a, b) => a.date.localeCompare(b.date));
  return events.map((e) => `${e.label} ${formatDate(e.date)}`).join(' · ');
};

const sqft = (v: string | null): string =>
  v === null ? '' : `${Number(v).toLocaleString('en-GB', { maximumFractionDigits: 0 })} sq ft`;

/** A place's available units, each opening the unit's view. */
export function GapUnits({ place }: { place: GapPlace }) {
  if (place.available_units.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No vacant units, and no lease ending or breaking in the period.
      </Typography>
    );
  }
  const more = place.available - place.available_units.length;
  return (
    <>
      <Table size="small" aria-label={`Available units in ${place.name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Address</TableCell>
            <TableCell>Availability</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell align="right">Rent (pa)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {place.available_units.map((u) => (
            <TableRow key={u.property_id}>
              <TableCell>
                <Link component={RouterLink} to={propertyHref(u.property_id)}>
                  {u.full_address ?? `Unit ${u.property_id}`}
                </Link>
              </TableCell>
              <TableCell>{availabilityOf(u)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {sqft(u.size_sqft)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(u.rent_pa, u.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {more > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          And {more.toLocaleString('en-GB')} more available unit{more === 1 ? '' : 's'}.
        </Typography>
      )}
    </>
  );
}
