import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import type { MapCluster } from '@frontage/shared';
import { clusterDiameter, dominantGroup, shortCount } from './clusterLayers';

/** A marker's identity across answers: a point by its record, a cluster by where it is. */
export const markerKey = (c: MapCluster): string =>
  c.count === 1 && c.kind && c.id !== undefined ? `${c.kind}:${c.id}` : `c:${c.lat},${c.lng}`;

interface Entry {
  key: string;
  cluster: MapCluster;
  marker: Marker;
  el: HTMLButtonElement;
  /** What the element shows now, so an unchanged marker costs no DOM write. */
  shown: { cls: string; g: string; text: string; label: string; size: number; at: string; mix: string };
}

/**
 * The markers of /map as HTML buttons over the canvas: a cluster is a circle with its count, a
 * property a dot and a scheme a diamond, coloured by group through CSS variables (ClusterMap sets
 * them per theme). A new answer updates the buttons in place — same key, same button; a button
 * whose marker went is reused for a new one — so a pan writes only what changed. When the focused
 * marker goes (its cluster split after a zoom), the nearest new one takes the focus.
 */
export class ClusterMarkers {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly map: MapLibreMap,
    private readonly onPick: (cluster: MapCluster, el: HTMLButtonElement) => void,
  ) {}

  update(clusters: readonly MapCluster[], labelOf: (c: MapCluster) => string): void {
    const focused = [...this.entries.values()].find((e) => e.el === document.activeElement) ?? null;
    const next = new Map<string, MapCluster>();
    for (const c of clusters) next.set(markerKey(c), c);

    const spare: Entry[] = [];
    for (const [key, e] of this.entries) {
      if (next.has(key)) continue;
      this.entries.delete(key);
      if (e !== focused) spare.push(e);
    }
    for (const [key, c] of next) {
      let e = this.entries.get(key);
      if (!e) {
        e = spare.pop() ?? this.create(c);
        e.key = key;
        this.entries.set(key, e);
      }
      e.cluster = c;
      this.render(e, labelOf(c));
    }
    for (const e of spare) e.marker.remove();

    if (focused && !next.has(focused.key)) {
      const from = this.map.project([focused.cluster.lng, focused.cluster.lat]);
      let best: Entry | null = null;
      let bestD = Infinity;
      for (const e of this.entries.values()) {
        const d = this.map.project([e.cluster.lng, e.cluster.lat]).dist(from);
        if (d < bestD) [best, bestD] = [e, d];
      }
      focused.marker.remove();
      (best?.el ?? this.map.getCanvas()).focus();
    }
  }

  /** The button of a marker now on the map. */
  elementOf(cluster: MapCluster): HTMLButtonElement | null {
    return this.entries.get(markerKey(cluster))?.el ?? null;
  }

  destroy(): void {
    for (const e of this.entries.values()) e.marker.remove();
    this.entries.clear();
  }

  private create(c: MapCluster): Entry {
    const el = document.createElement('button');
    el.type = 'button';
    const entry: Entry = {
      key: '',
      cluster: c,
      el,
      marker: new maplibregl.Marker({ element: el }).setLngLat([c.lng, c.lat]).addTo(this.map),
      shown: { cls: '', g: '', text: '', label: '', size: 0, at: `${c.lng},${c.lat}`, mix: '' },
    };
    // A drag of the map that starts on a marker ends in a click on it: that is a pan, not a pick.
    let down: { x: number; y: number } | null = null;
    el.addEventListener('pointerdown', (ev) => (down = { x: ev.clientX, y: ev.clientY }));
    el.addEventListener('click', (ev) => {
      // Kept from the map, whose own click closes the popup this click opens.
      ev.stopPropagation();
      const moved = ev.detail > 0 && down && Math.hypot(ev.clientX - down.x, ev.clientY - down.y) > 4;
      down = null;
      if (!moved) this.onPick(entry.cluster, el);
    });
    return entry;
  }

  private render(e: Entry, label: string): void {
    const c = e.cluster;
    const s = e.shown;
    const at = `${c.lng},${c.lat}`;
    if (s.at !== at) {
      e.marker.setLngLat([c.lng, c.lat]);
      s.at = at;
    }
    const cls = `fm-marker ${c.count > 1 ? 'fm-cluster' : c.kind === 'scheme' ? 'fm-point fm-scheme' : 'fm-point'}`;
    if (s.cls !== cls) {
      // Keep MapLibre's own classes (maplibregl-marker, its anchor) beside ours.
      e.el.classList.remove(...s.cls.split(' ').filter(Boolean));
      e.el.classList.add(...cls.split(' '));
      s.cls = cls;
    }
    const g = String(dominantGroup(c));
    if (s.g !== g) e.el.dataset.g = s.g = g;
    const text = c.count > 1 ? shortCount(c.count) : '';
    if (s.text !== text) e.el.textContent = s.text = text;
    const size = c.count > 1 ? clusterDiameter(c.count) : 0;
    if (s.size !== size) {
      e.el.style.width = e.el.style.height = size ? `${size}px` : '';
      s.size = size;
    }
    const mix = c.count > 1 ? groupMix(c.groups) : '';
    if (s.mix !== mix) {
      if (mix) e.el.style.setProperty('--fm-mix', mix);
      else e.el.style.removeProperty('--fm-mix');
      s.mix = mix;
    }
    if (s.label !== label) e.el.setAttribute('aria-label', (s.label = label));
  }
}

/**
 * A cluster of more than one group: the share of each as a ring around it (a conic gradient over
 * the groups' colour variables, --fm-g0…); '' for one group alone.
 */
export const groupMix = (groups: readonly number[]): string => {
  const total = groups.reduce((a, b) => a + b, 0);
  if (total === 0 || groups.filter((n) => n > 0).length < 2) return '';
  let from = 0;
  const stops = groups.flatMap((n, i) => {
    if (n <= 0) return [];
    const to = from + (n / total) * 100;
    const stop = `var(--fm-g${i}) ${from.toFixed(1)}% ${to.toFixed(1)}%`;
    from = to;
    return [stop];
  });
  return `conic-gradient(${stops.join(', ')})`;
};
