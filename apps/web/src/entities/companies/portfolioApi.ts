import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAP_DEFAULT_VIEW,
  MAP_ZOOM_MAX,
  type MapClustersResponse,
  type PortfolioPage,
  type PortfolioRole,
  type PortfolioSort,
} from '@frontage/shared';
import { http } from '../../lib/http';
import { companyKeys } from './api';

/** The portfolio's filter and sort, as the table and its CSV export send them (portfolioQuerySchema). */
export interface PortfolioFilter {
  /** Any of these roles; empty: every role. */
  roles: readonly PortfolioRole[];
  sort: PortfolioSort;
}

export const portfolioFilterQuery = (f: PortfolioFilter) => ({
  role: f.roles.length ? f.roles.join(',') : undefined,
  sort: f.sort,
});

/**
 * GET /api/companies/{id}/portfolio: the units where the company is tenant, legal tenant,
 * landlord or an agent, paged on the server with the count of every role in `meta.counts`. Quiet:
 * the tab says when it could not be loaded.
 */
export const usePortfolio = (
  companyId: number,
  filter: PortfolioFilter,
  paging: { page: number; per_page: number },
) => {
  const query = { ...portfolioFilterQuery(filter), ...paging };
  return useQuery({
    queryKey: [...companyKeys.detail(companyId), 'portfolio', query] as const,
    queryFn: ({ signal }) =>
      http.get<PortfolioPage>(`/companies/${companyId}/portfolio`, { query, signal, quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/** A map view as its clusters are asked: the bbox and the whole zoom. */
export interface PortfolioMapView {
  bbox: readonly [number, number, number, number];
  zoom: number;
}

/** Great Britain and Ireland at the map's default zoom: where a portfolio's map first looks. */
export const PORTFOLIO_FIRST_VIEW: PortfolioMapView = {
  bbox: [-11, 49.5, 2.5, 61],
  zoom: MAP_DEFAULT_VIEW.zoom,
};

/**
 * The view as asked: the whole zoom (the server's grid level changes only with it) and the bbox
 * widened to a grid of 32 screen pixels, so a nudge asks the same question again.
 */
export const portfolioMapArea = (v: PortfolioMapView): { bbox: string; zoom: number } => {
  const zoom = Math.min(MAP_ZOOM_MAX, Math.max(0, Math.floor(v.zoom)));
  const step = (360 / (512 * 2 ** zoom)) * 32;
  const [w, s, e, n] = v.bbox;
  const snap = (x: number, up: boolean, lo: number, hi: number) =>
    Number(Math.min(hi, Math.max(lo, (up ? Math.ceil(x / step) : Math.floor(x / step)) * step)).toFixed(6));
  return {
    bbox: [
      snap(w, false, -180, 180),
      snap(s, false, -85, 85),
      snap(e, true, -180, 180),
      snap(n, true, -85, 85),
    ].join(','),
    zoom,
  };
};

/**
 * The map of the whole portfolio for the role filter: the map's own clusters
 * (GET /api/map/clusters with company_id and company_role, ADR 0092) of the view — bounded by the
 * view's cells, whatever the portfolio's size. Quiet: the tab says when it could not be loaded.
 */
export const usePortfolioClusters = (
  companyId: number,
  roles: readonly PortfolioRole[],
  view: PortfolioMapView,
) => {
  const query = {
    ...portfolioMapArea(view),
    company_id: companyId,
    company_role: roles.length ? roles.join(',') : undefined,
  };
  return useQuery({
    queryKey: [...companyKeys.detail(companyId), 'portfolio-map', query] as const,
    queryFn: ({ signal }) => http.get<MapClustersResponse>('/map/clusters', { query, signal, quiet: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
};
