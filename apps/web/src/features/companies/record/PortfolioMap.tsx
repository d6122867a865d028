import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import type { MapCluster, PortfolioRole } from '@frontage/shared';
import { PointsMap, type MapPointItem, type PointsMapView } from '../../../components/map/PointsMap';
import {
  PORTFOLIO_FIRST_VIEW,
  usePortfolioClusters,
  type PortfolioMapView,
} from '../../../entities/companies/portfolioApi';
import { propertyHref } from '../../../entities/tracked-retailers/links';

const whole = new Intl.NumberFormat('en-GB');

/** A cluster as a marker: its count shown, a pick zooms in; a single unit opens. */
const markerOf =
  (level: number | null) =>
  (c: MapCluster, i: number): MapPointItem =>
    c.count === 1 && c.kind === 'property' && c.id !== undefined
      ? { id: c.id, lat: c.lat, lng: c.lng, label: `Open unit ${c.id}` }
      : {
          id: `cluster:${i}:${c.lat},${c.lng}`,
          lat: c.lat,
          lng: c.lng,
          label: `Cluster of ${whole.format(c.count)} units: zoom in`,
          text: whole.format(c.count),
          weight: c.count,
          // The cluster's units lie in its cell (64 px at the asked zoom): frame the whole cell.
          spread: level === null ? 0 : 360 / 2 ** level,
          zoomIn: true,
        };

/**
 * The map of the whole portfolio for the role filter (not only the table's page): the map's
 * clusters of the view, asked again as the view moves; framed on the portfolio once per filter.
 */
export function PortfolioMap({ companyId, roles }: { companyId: number; roles: readonly PortfolioRole[] }) {
  const navigate = useNavigate();
  const rolesKey = roles.join(',') || 'all';
  // The view asked, per role filter: a new filter first looks at the whole country again.
  const [seen, setSeen] = useState<{ key: string; view: PortfolioMapView } | null>(null);
  const view = seen?.key === rolesKey ? seen.view : PORTFOLIO_FIRST_VIEW;
  const clusters = usePortfolioClusters(companyId, roles, view);
  // Framed once per filter: on its first answer, and never again while the view follows the map
  // (an answer for a moved view must not move the map again).
  const framed = seen?.key === rolesKey || (clusters.data !== undefined && !clusters.isPlaceholderData);
  const points = useMemo(
    () => (clusters.data?.data ?? []).map(markerOf(clusters.data?.meta.level ?? null)),
    [clusters.data],
  );
  const inView = (clusters.data?.meta.totals ?? []).reduce((a, b) => a + b, 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="portfolio-map" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography id="portfolio-map" variant="h2" sx={{ flexGrow: 1 }}>
          Map of the portfolio
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {clusters.data ? `${whole.format(inView)} unit${inView === 1 ? '' : 's'} in view` : ''}
        </Typography>
      </Stack>
      {clusters.isError ? (
        <Alert severity="error">The map of the portfolio could not be loaded.</Alert>
      ) : (
        <PointsMap
          label="Map of the portfolio's units"
          points={points}
          frameKey={framed ? rolesKey : ''}
          onViewSettled={(v: PointsMapView) => setSeen({ key: rolesKey, view: v })}
          onPick={(id) => void navigate(propertyHref(Number(id)))}
          height={320}
        />
      )}
    </Paper>
  );
}
