import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@frontage/shared';

export class ChunkLoadError extends Error {
  constructor(message = 'This page could not be loaded.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** A lazily loaded component that can also be loaded ahead of its first render. */
export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is in. */
  preload: () => Promise<void>;
};

/** The props of a module's default component. */
type PropsOf<M extends { default: ComponentType<never> }> =
  M['default'] extends ComponentType<infer P> ? P : never;

/**
 * React.lazy with a time-out (a chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS fails) and
 * a `preload`. Once the code is in, a new instance renders at once instead of suspending: React
 * suspends a lazy component's first render even when its module is loaded, and holds back the
 * content of a Suspense boundary that showed its fallback for 300 ms — a third of a second on the
 * first visit of every page, however early its code was fetched (ADR 0112). An instance keeps the
 * way it started, so a page that did suspend is never mounted twice.
 */
export function lazyPage<M extends { default: ComponentType<never> }>(
  factory: () => Promise<M>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): PreloadableComponent<PropsOf<M>> {
  type P = PropsOf<M>;
  type Mod = { default: ComponentType<P> };
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Mod> | undefined;
  const load = () =>
    (pending ??= new Promise<Mod>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError('Loading this page took too long.')),
        timeoutMs,
      );
      factory().then(
        (mod) => {
          clearTimeout(timer);
          // The module's component takes exactly these props (PropsOf): the cast only names them.
          loaded = mod.default as unknown as ComponentType<P>;
          resolve({ default: loaded });
        },
        (err: unknown) => {
          clearTimeout(timer);
          // A later render or preload tries again (the route's own render reports this failure).
          pending = undefined;
          reject(err instanceof Error ? err : new ChunkLoadError());
        },
      );
    }));
  const Lazy = lazy(load);
  function Page(props: P) {
    const [ready] = useState(() => loaded);
    // createElement cannot check a generic component against its generic props; they match.
    return createElement((ready ?? Lazy) as ComponentType<object>, props as object);
  }
  return Object.assign(Page, { preload: () => load().then(() => undefined) });
}
