import type { ComponentType } from 'react';
import type { ViewData, ViewId } from '../../kernel/index';
import type { UiKernel } from '../kernel';

/** What every view (core or plugin-contributed) receives. */
export interface ViewProps<D = Readonly<Record<string, unknown>>> {
  readonly kernel: UiKernel;
  /** The router entry's data (e.g. `{ connectorId }`). */
  readonly data: D | undefined;
}

export type ViewComponent<D = Readonly<Record<string, unknown>>> = ComponentType<ViewProps<D>>;

/**
 * Typing helper for plugin authors: the view for `V` gets `V`'s data as declared in
 * `LatchkeyViews`. `export default defineView<'AddressBook'>(({ kernel, data }) => …)`.
 */
export function defineView<V extends ViewId>(component: ViewComponent<Exclude<ViewData<V>, undefined>>): ViewComponent<Exclude<ViewData<V>, undefined>> {
  return component;
}
