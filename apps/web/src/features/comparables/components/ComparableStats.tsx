import { Box, Paper, Typography } from '@mui/material';
import type { ComparableSpread, ComparableStats as Stats } from '@frontage/shared';
import { perSqft } from './money';

function Spread({ title, spread, currency }: { title: string; spread: ComparableSpread; currency: string }) {
  const items: Array<[string, string]> = [
    ['Count', spread.count.toLocaleString('en-GB')],
    ['Lower quartile', perSqft(spread.q1, currency)],
    ['Median', perSqft(spread.median, currency)],
    ['Upper quartile', perSqft(spread.q3, currency)],
  ];
  return (
    <Box component="section" aria-label={title} sx={{ flex: '1 1 320px' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, auto)' },
          gap: 1,
        }}
      >
        {items.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body1"
              sx={{ m: 0, fontWeight: label === 'Median' ? 600 : 400 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The stats strip: count and quartiles of rent per sq ft and of Zone A over every matching deal
 * (not only the page), in the currency compared.
 */
export function ComparableStats({ stats, currency }: { stats: Stats; currency: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Spread title="Rent per sq ft" spread={stats.rent_sqft} currency={currency} />
      <Spread title="Zone A (rent pa ÷ ITZA)" spread={stats.zone_a} currency={currency} />
    </Paper>
  );
}
