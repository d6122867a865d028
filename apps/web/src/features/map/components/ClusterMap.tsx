import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box, Typography, useTheme } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap, Popup } from 'maplibre-gl';
import {
  MAP_GROUP_LABELS,
  MAP_GROUPS,
  MAP_UNCLUSTERED_ZOOM,
  type Bbox,
  type MapCluster,
  type MapFilters,
  type MapHeatCell,
  type MapPoint,
} from '@frontage/shared';
import type { LngLat } from '../../../components/map/types';
import { useMapLibre } from '../../../components/map/useMapLibre';
import type { EnquirySubject } from '../../../entities/enquiries/enquiryForm';
import {
  addLayers,
  clusterDiameter,
  dominantGroup,
  emptyLayerData,
  fullCount,
  haloData,
  heatData,
  MAP_PALETTES,
  paintLayers,
  ringData,
  setLayerData,
  shortCount,
  SOURCES,
  type LayerData,
  type SourceId,
} from './clusterLayers';
import { ClusterMarkers } from './clusterMarkers';
import { PointPopup } from './PointPopup';

/** A pan or a zoom is settled once the map has rested this long after `moveend`. */
export const VIEW_SETTLE_MS = 150;

export interface SettledMapView {
  bbox: Bbox;
  zoom: number;
  center: LngLat;
}

export interface ClusterMapProps {
  /** The basemap: a hosted style URL, null for the offline one, undefined while unknown. */
  styleUrl: string | null | undefined;
  /** Where the map opens. */
  initialView: { center: LngLat; zoom: number };
  clusters: readonly MapCluster[];
  /** Names of single points (`kind:id`), when the view holds few enough to name. */
  labels: ReadonlyMap<string, MapPoint> | undefined;
  vacancy: readonly MapCluster[] | null;
  leaseEvents: readonly MapCluster[] | null;
  heat: readonly MapHeatCell[] | null;
  /** The markers' filters (a stack's popup lists the same points). */
  query: MapFilters;
  onViewSettled: (view: SettledMapView) => void;
  /** The live map once it has loaded; null when it goes. */
  onMapReady: (map: MapLibreMap | null) => void;
  onAddEnquiry: (subject: EnquirySubject) => void;
  /** Drawn over the map (its key). */
  children?: ReactNode;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The view MapLibre shows, within the world's bounds. */
const viewOf = (map: MapLibreMap): SettledMapView => {
  const b = map.getBounds();
  const c = map.getCenter().wrap();
  return {
    bbox: [
      round(Math.max(-180, b.getWest()), 6),
      round(Math.max(-90, b.getSouth()), 6),
      round(Math.min(180, b.getEast()), 6),
      round(Math.min(90, b.getNorth()), 6),
    ],
    zoom: round(map.getZoom(), 2),
    center: { lat: round(c.lat, 6), lng: round(c.lng, 6) },
  };
};

/** Keeps a layer's data for the next style and shows it on the current one. */
const push = (map: MapLibreMap | null, store: LayerData, id: SourceId, data: LayerData[SourceId]) => {
  store[id] = data;
  if (map) setLayerData(map, id, data);
};

/** A marker's accessible name: the count and main group of a cluster; the name of a point. */
const labelOf = (labels: ClusterMapProps['labels']) => (c: MapCluster) => {
  const group = MAP_GROUP_LABELS[MAP_GROUPS[dominantGroup(c)] ?? 'shops'];
  if (c.count > 1) {
    // The name holds the text the marker shows (WCAG 2.5.3): a short count is said as well.
    const short = shortCount(c.count);
    const full = fullCount(c.count);
    return `Cluster of ${full} properties${short === full ? '' : ` (${short})`}, mostly ${group}`;
  }
  const p = c.kind && c.id !== undefined ? labels?.get(`${c.kind}:${c.id}`) : undefined;
  if (c.kind === 'scheme') return p?.name ? `Scheme ${p.name}, ${p.full_address ?? ''}` : `Scheme (${group})`;
  const name = p && [p.name, p.full_address].filter(Boolean).join(' ');
  return name || `Property (${group})`;
};

/**
 * The clusters of /map on a MapLibre map: HTML markers (ClusterMarkers) over GeoJSON layers for the
 * halos, the overlays and the rent heat. A cluster zooms in when picked; a point opens its popup.
 * The view is reported once it settles (one request per pan).
 */
export function ClusterMap(props: ClusterMapProps) {
  const { styleUrl, initialView, clusters, labels, vacancy, leaseEvents, heat, query, children } = props;
  const theme = useTheme();
  const palette = MAP_PALETTES[theme.palette.mode];
  const container = useRef<HTMLDivElement>(null);
  const layerData = useRef<LayerData>(emptyLayerData());
  const latest = useRef({ props, palette });
  useLayoutEffect(() => {
    latest.current = { props, palette };
  });
  const { map, loaded, failed } = useMapLibre({
    container,
    styleUrl,
    center: initialView.center,
    zoom: initialView.zoom,
    onStyleLoad: (m) => addLayers(m, layerData.current, latest.current.palette),
  });
  const [popup, setPopup] = useState<{ cluster: MapCluster; node: HTMLElement; popup: Popup } | null>(null);
  const markers = useRef<ClusterMarkers | null>(null);

  // The markers, the settled view and the popup's ways of closing, per map.
  useEffect(() => {
    if (!map) return;
    let open: Popup | null = null;
    const openPopup = (cluster: MapCluster, opener: HTMLButtonElement) => {
      open?.remove();
      const node = document.createElement('div');
      const p = new maplibregl.Popup({
        closeOnClick: false,
        focusAfterOpen: false,
        maxWidth: '340px',
        offset: cluster.count > 1 ? clusterDiameter(cluster.count) / 2 + 4 : 10,
        className: 'fm-popup',
      })
        .setLngLat([cluster.lng, cluster.lat])
        .setDOMContent(node)
        .addTo(map);
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          p.remove();
        }
      });
      p.on('close', () => {
        const hadFocus = node.contains(document.activeElement) || document.activeElement === document.body;
        if (open === p) open = null;
        setPopup((cur) => (cur?.popup === p ? null : cur));
        if (hadFocus && opener.isConnected) opener.focus();
      });
      open = p;
      setPopup({ cluster, node, popup: p });
    };
    const pick = (cluster: MapCluster, el: HTMLButtonElement) => {
      const zoom = map.getZoom();
      if (cluster.count === 1 || zoom >= MAP_UNCLUSTERED_ZOOM - 0.01) {
        openPopup(cluster, el);
        return;
      }
      open?.remove();
      map.easeTo({ center: [cluster.lng, cluster.lat], zoom: Math.min(zoom + 2, MAP_UNCLUSTERED_ZOOM) });
    };
    const m = new ClusterMarkers(map, pick);
    markers.current = m;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.props.onViewSettled(viewOf(map)), VIEW_SETTLE_MS);
    };
    map.on('moveend', settle);
    const onCanvasClick = () => open?.remove();
    map.on('click', onCanvasClick);
    const ready = () => {
      latest.current.props.onMapReady(map);
      latest.current.props.onViewSettled(viewOf(map));
    };
    if (map.loaded()) ready();
    else map.once('load', ready);
    return () => {
      clearTimeout(timer);
      map.off('moveend', settle);
      map.off('click', onCanvasClick);
      map.off('load', ready);
      open?.remove();
      m.destroy();
      markers.current = null;
      latest.current.props.onMapReady(null);
    };
  }, [map]);

  // Markers and halos follow the answer (and the names of its points once they arrive).
  const label = useMemo(() => labelOf(labels), [labels]);
  useEffect(() => {
    markers.current?.update(clusters, label);
    push(map, layerData.current, SOURCES.halo, haloData(clusters));
  }, [map, clusters, label]);
  useEffect(() => push(map, layerData.current, SOURCES.vacancy, ringData(vacancy ?? [], 8)), [map, vacancy]);
  useEffect(
    () => push(map, layerData.current, SOURCES.leaseEvents, ringData(leaseEvents ?? [], 12.5)),
    [map, leaseEvents],
  );
  useEffect(() => push(map, layerData.current, SOURCES.heat, heatData(heat ?? [])), [map, heat]);
  useEffect(() => {
    if (map?.isStyleLoaded()) paintLayers(map, palette);
  }, [map, palette]);

  if (failed) {
    return (
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
        }}
      >
        <Typography color="text.secondary">The map could not be loaded.</Typography>
      </Box>
    );
  }
  const paper = theme.palette.background.paper;
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        bgcolor: 'action.hover',
        ...Object.fromEntries(palette.groups.map((c, i) => [`--fm-g${i}`, c])),
        ...Object.fromEntries(
          palette.groups.map((_, i) => [`& .fm-marker[data-g="${i}"]`, { '--fm-fill': `var(--fm-g${i})` }]),
        ),
        '& .fm-marker': {
          border: 0,
          p: 0,
          m: 0,
          cursor: 'pointer',
          display: 'grid',
          placeItems: 'center',
          background: 'transparent',
          color: palette.text,
          font: 'inherit',
          '&:hover': { boxShadow: `0 0 0 3px ${theme.palette.primary.main}` },
          '&:focus-visible': {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
            zIndex: 2,
          },
        },
        '& .fm-cluster': {
          borderRadius: '50%',
          // The groups' shares as a ring in the border (see groupMix), the main group inside.
          // Backgrounds only: a mask or a filter here repaints every marker on every frame.
          border: '4px solid transparent',
          background:
            'linear-gradient(var(--fm-fill), var(--fm-fill)) padding-box, var(--fm-mix, linear-gradient(var(--fm-fill), var(--fm-fill))) border-box',
          boxShadow: `0 0 0 2px ${palette.outline}, 0 1px 4px rgba(0,0,0,0.35)`,
          fontSize: 12,
          fontWeight: 700,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        },
        // A unit over a cluster that overlaps it, so both stay within reach of a click.
        '& .fm-point': {
          zIndex: 1,
          width: 24,
          height: 24,
          borderRadius: '50%',
          '&::before': {
            content: '""',
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: 'var(--fm-fill)',
            boxShadow: `0 0 0 2px ${palette.outline}`,
          },
        },
        '& .fm-scheme::before': { borderRadius: '2px', transform: 'rotate(45deg)', width: 13, height: 13 },
        // Over the units (z-index 1) and the map's own overlays (3).
        '& .fm-popup': { zIndex: 4 },
        '& .fm-popup .maplibregl-popup-content': {
          p: 0,
          bgcolor: paper,
          color: 'text.primary',
          borderRadius: 1,
          boxShadow: theme.shadows[6],
        },
        '& .fm-popup .maplibregl-popup-close-button': {
          color: 'text.secondary',
          fontSize: 20,
          width: 28,
          height: 28,
          lineHeight: 1,
        },
        '& .fm-popup.maplibregl-popup-anchor-top .maplibregl-popup-tip': { borderBottomColor: paper },
        '& .fm-popup.maplibregl-popup-anchor-bottom .maplibregl-popup-tip': { borderTopColor: paper },
        '& .fm-popup.maplibregl-popup-anchor-left .maplibregl-popup-tip': { borderRightColor: paper },
        '& .fm-popup.maplibregl-popup-anchor-right .maplibregl-popup-tip': { borderLeftColor: paper },
        '& .fm-popup[class*="anchor-top-"] .maplibregl-popup-tip': { borderBottomColor: paper },
        '& .fm-popup[class*="anchor-bottom-"] .maplibregl-popup-tip': { borderTopColor: paper },
      }}
    >
      {/* Before the markers in the tab order; drawn over the map by their z-index. */}
      {children}
      {/*
        MapLibre's container: it makes it position: relative and adds its classes, so React gives
        it no class of its own to replace (a theme switch would drop MapLibre's); the box around
        it holds the size and the colours.
      */}
      <div
        ref={container}
        role="region"
        aria-label="Map of properties and schemes"
        aria-busy={!loaded}
        style={{ width: '100%', height: '100%' }}
      />
      {popup &&
        createPortal(
          <PointPopup cluster={popup.cluster} query={query} onAddEnquiry={props.onAddEnquiry} />,
          popup.node,
        )}
    </Box>
  );
}
