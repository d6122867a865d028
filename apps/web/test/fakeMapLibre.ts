/**
 * A stand-in for maplibre-gl in jsdom (no WebGL): a map with a camera, events, sources and layers,
 * HTML markers and popups placed in the DOM as MapLibre places them. Use with
 * `vi.mock('maplibre-gl', () => import('./fakeMapLibre'))`.
 */
type Handler = (e?: unknown) => void;

class Evented {
  private handlers = new Map<string, Set<Handler>>();
  on(type: string, h: Handler) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(h);
    return this;
  }
  off(type: string, h: Handler) {
    this.handlers.get(type)?.delete(h);
    return this;
  }
  once(type: string, h: Handler) {
    const wrapped: Handler = (e) => {
      this.off(type, wrapped);
      h(e);
    };
    return this.on(type, wrapped);
  }
  fire(type: string, e?: unknown) {
    for (const h of [...(this.handlers.get(type) ?? [])]) h(e);
    return this;
  }
}

interface Pt {
  x: number;
  y: number;
  dist: (p: Pt) => number;
}
const point = (x: number, y: number): Pt => ({ x, y, dist: (p) => Math.hypot(p.x - x, p.y - y) });
const VIEW = { width: 1024, height: 768 };

/** Every map created, newest last. */
export const fakeMaps: FakeMap[] = [];

export class FakeMap extends Evented {
  center: { lng: number; lat: number };
  zoom: number;
  style: unknown;
  sources = new Map<string, { data: unknown; setData: (d: unknown) => void }>();
  layers = new Map<string, unknown>();
  easeCalls: Array<{ center: [number, number]; zoom: number }> = [];
  removed = false;
  private isLoaded = false;
  private container: HTMLElement;
  private canvasContainer: HTMLElement;
  private canvas: HTMLCanvasElement;
  touchZoomRotate = { disableRotation: () => {} };

  constructor(opts: { container: HTMLElement; style: unknown; center: [number, number]; zoom: number }) {
    super();
    this.container = opts.container;
    this.center = { lng: opts.center[0], lat: opts.center[1] };
    this.zoom = opts.zoom;
    this.style = opts.style;
    this.canvasContainer = document.createElement('div');
    this.canvas = document.createElement('canvas');
    this.canvas.tabIndex = 0;
    this.canvasContainer.append(this.canvas);
    this.container.append(this.canvasContainer);
    fakeMaps.push(this);
    setTimeout(() => {
      if (this.removed) return;
      this.fire('style.load');
      this.isLoaded = true;
      this.fire('load');
    }, 0);
  }

  private scale() {
    return (512 * 2 ** this.zoom) / 360;
  }
  project([lng, lat]: [number, number]): Pt {
    const s = this.scale();
    return point((lng - this.center.lng) * s + VIEW.width / 2, (this.center.lat - lat) * s + VIEW.height / 2);
  }
  getBounds() {
    const s = this.scale();
    const dx = VIEW.width / 2 / s;
    const dy = VIEW.height / 2 / s;
    const { lng, lat } = this.center;
    return {
      getWest: () => lng - dx,
      getEast: () => lng + dx,
      getSouth: () => lat - dy,
      getNorth: () => lat + dy,
    };
  }
  getCenter() {
    const c = { ...this.center };
    return { ...c, wrap: () => c };
  }
  getZoom() {
    return this.zoom;
  }
  /** Moves the camera as a user's pan or zoom would, then ends the move. */
  jumpTo({ center, zoom }: { center?: [number, number]; zoom?: number }) {
    if (center) this.center = { lng: center[0], lat: center[1] };
    if (zoom !== undefined) this.zoom = zoom;
    this.fire('move');
    this.fire('moveend');
    return this;
  }
  easeTo(opts: { center: [number, number]; zoom: number }) {
    this.easeCalls.push(opts);
    setTimeout(() => this.jumpTo(opts), 0);
    return this;
  }
  loaded() {
    return this.isLoaded;
  }
  isStyleLoaded() {
    return this.isLoaded;
  }
  setStyle(style: unknown) {
    this.style = style;
    this.sources.clear();
    this.layers.clear();
    setTimeout(() => this.fire('style.load'), 0);
    return this;
  }
  addSource(id: string, spec: { data: unknown }) {
    const source = {
      data: spec.data,
      setData: (d: unknown) => {
        source.data = d;
      },
    };
    this.sources.set(id, source);
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  addLayer(layer: { id: string }) {
    this.layers.set(layer.id, layer);
  }
  getLayer(id: string) {
    return this.layers.get(id);
  }
  setPaintProperty() {}
  addControl() {
    return this;
  }
  getContainer() {
    return this.container;
  }
  getCanvasContainer() {
    return this.canvasContainer;
  }
  getCanvas() {
    return this.canvas;
  }
  remove() {
    this.removed = true;
    this.canvasContainer.remove();
  }
}
export { FakeMap as Map };

export class Marker extends Evented {
  private el: HTMLElement;
  private at: [number, number] = [0, 0];
  constructor(opts: { element?: HTMLElement } = {}) {
    super();
    this.el = opts.element ?? document.createElement('div');
    this.el.classList.add('maplibregl-marker');
  }
  setLngLat(at: [number, number]) {
    this.at = at;
    this.el.dataset.lnglat = `${at[0]},${at[1]}`;
    return this;
  }
  getLngLat() {
    return { lng: this.at[0], lat: this.at[1] };
  }
  addTo(map: FakeMap) {
    map.getCanvasContainer().append(this.el);
    return this;
  }
  getElement() {
    return this.el;
  }
  remove() {
    this.el.remove();
    return this;
  }
}

export class Popup extends Evented {
  private wrapper = document.createElement('div');
  private open = false;
  constructor(public options: { className?: string } = {}) {
    super();
    this.wrapper.className = `maplibregl-popup ${options.className ?? ''}`;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'maplibregl-popup-close-button';
    close.setAttribute('aria-label', 'Close popup');
    close.textContent = '×';
    close.addEventListener('click', () => this.remove());
    this.wrapper.append(close);
  }
  setLngLat() {
    return this;
  }
  setDOMContent(node: HTMLElement) {
    this.wrapper.append(node);
    return this;
  }
  addTo(map: FakeMap) {
    map.getContainer().append(this.wrapper);
    this.open = true;
    return this;
  }
  isOpen() {
    return this.open;
  }
  remove() {
    if (!this.open) return this;
    this.open = false;
    this.wrapper.remove();
    this.fire('close');
    return this;
  }
}

export class NavigationControl {}
export const setWorkerUrl = () => {};
