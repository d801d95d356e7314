import type { ComponentType } from 'react';
import type { UiKernel } from '../kernel';

/** What every view (core or plugin-contributed) receives. */
export interface ViewProps<D = Readonly<Record<string, unknown>>> {
  readonly kernel: UiKernel;
  /** The router entry's data (e.g. `{ connectorId }`). */
  readonly data: D | undefined;
}

export type ViewComponent<D = Readonly<Record<string, unknown>>> = ComponentType<ViewProps<D>>;

/** Typing helper for plugin authors: `export const views = { Swap: defineView<SwapData>((p) => …) }`. */
export function defineView<D = Readonly<Record<string, unknown>>>(component: ViewComponent<D>): ViewComponent<D> {
  return component;
}

/** A loader per core view id: `() => import('./X')`. */
export type ViewRegistry = Readonly<Record<string, () => Promise<{ readonly default: ViewComponent<any> }>>>;
