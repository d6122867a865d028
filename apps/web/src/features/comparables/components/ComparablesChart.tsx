import { useEffect, useRef, useState } from 'react';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatMoney, type ComparablePoint } from '@frontage/shared';
import { perSqft } from './money';

const HEIGHT = 320;
const DAY = 86_400_000;

/** The width the chart has to draw in (its box's, kept up to date; 800 until measured). */
function useWidth() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

interface Props {
  series: ComparablePoint[];
  /** Points with a rent per sq ft among all matches (the series may show every k-th of them). */
  total: number;
  median: string | null;
  currency: string;
}

/**
 * Rent per sq ft over time (effective date), one dot per deal, with the median of every matching
 * deal as a dashed line labelled "Median". Drawn with Recharts in the theme's colours.
 */
export function ComparablesChart({ series, total, median, currency }: Props) {
  const theme = useTheme();
  const { ref, width } = useWidth();
  const data = series.map((p) => ({
    t: Date.parse(`${p.effective_date}T00:00:00Z`),
    rent: Number(p.rent_sqft),
    date: p.effective_date,
  }));
  const axis = { stroke: theme.palette.text.secondary, fontSize: 12 };
  const medianText = median === null ? null : `Median ${perSqft(median, currency)}`;
  const sampled = series.length < total;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }}>
      <Box component="figure" aria-label="Rent per sq ft over time" sx={{ m: 0 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Rent per sq ft over time
        </Typography>
        <Box ref={ref} sx={{ width: '100%', minHeight: HEIGHT }} data-testid="comparables-chart">
          {data.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              No deal with a rent per sq ft to chart.
            </Typography>
          ) : (
            <ScatterChart
              width={width}
              height={HEIGHT}
              margin={{ top: 16, right: 24, bottom: 8, left: 8 }}
              accessibilityLayer
            >
              <CartesianGrid stroke={theme.palette.divider} />
              <XAxis
                type="number"
                dataKey="t"
                name="Effective date"
                domain={[(min: number) => min - 15 * DAY, (max: number) => max + 15 * DAY]}
                tickFormatter={(t: number) => formatDate(new Date(t).toISOString().slice(0, 10))}
                tick={axis}
                stroke={theme.palette.text.secondary}
              />
              <YAxis
                type="number"
                dataKey="rent"
                name="Rent per sq ft"
                width={80}
                tickFormatter={(v: number) => formatMoney(v, currency)}
                tick={axis}
                stroke={theme.palette.text.secondary}
              />
              <Tooltip
                cursor={{ strokeDasharray: '3 3' }}
                contentStyle={{
                  background: theme.palette.background.paper,
                  color: theme.palette.text.primary,
                  border: `1px solid ${theme.palette.divider}`,
                }}
                formatter={(value, name) =>
                  name === 'Effective date'
                    ? formatDate(new Date(Number(value)).toISOString().slice(0, 10))
                    : perSqft(Number(value), currency)
                }
              />
              <Scatter name="Deals" data={data} fill={theme.palette.primary.main} isAnimationActive={false} />
              {median !== null && (
                <ReferenceLine
                  y={Number(median)}
                  stroke={theme.palette.secondary.main}
                  strokeDasharray="6 4"
                  strokeWidth={2}
                  label={{
                    value: `Median ${formatMoney(median, currency)}`,
                    position: 'insideBottomLeft',
                    fill: theme.palette.text.primary,
                    fontSize: 13,
                    fontWeight: 600,
                    // A halo in the paper's colour keeps the label readable over the dots.
                    stroke: theme.palette.background.paper,
                    strokeWidth: 4,
                    paintOrder: 'stroke',
                  }}
                />
              )}
            </ScatterChart>
          )}
        </Box>
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {medianText ? `${medianText} (dashed line). ` : ''}
          {sampled
            ? `Showing ${series.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} deals, evenly spread over time.`
            : `${total.toLocaleString('en-GB')} ${total === 1 ? 'deal' : 'deals'}.`}
        </Typography>
      </Box>
    </Paper>
  );
}
