/**
 * React side of the message catalogues: `useMessages(bundle)` gives `t(key, values?)` in the
 * kernel's locale (English until the locale's chunk of that bundle has loaded, then the
 * translation); `useLocale()` gives the locale, its direction and a setter.
 */
import { useCallback, useContext, useEffect } from 'react';
import { Store } from '../../kernel/index';
import { KernelContext, useKernel } from '../react/context';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { format } from './locale';
import { loadMessages, localeState, message, setLocale, type Catalogue, type LocaleState, type MessageBundle } from './messages';

export type Translate<M extends Catalogue> = (key: keyof M & string, values?: Readonly<Record<string, string | number>>) => string;

export function useMessages<M extends Catalogue>(bundle: MessageBundle<M>): Translate<M> {
  return useMessagesFor(useKernel(), bundle);
}

/** English for a primitive rendered outside a kernel's context (no locale to follow). */
export const ENGLISH = /*#__PURE__*/ new Store<LocaleState>({ locale: 'en', dir: 'ltr', loaded: {} });

/**
 * `useMessages` for primitives that may be rendered without a kernel in context (a host's own
 * `<LoadingState />`, a test): the kernel's locale inside a provider, English outside.
 */
export function useMessagesOrEnglish<M extends Catalogue>(bundle: MessageBundle<M>): Translate<M> {
  return useMessagesFor(useContext(KernelContext), bundle);
}

/** `useMessages` for a component given its kernel as a prop (the core views, the modal shell); English without one. */
export function useMessagesFor<M extends Catalogue>(kernel: UiKernel | null, bundle: MessageBundle<M>): Translate<M> {
  const state = useObserved(kernel ? localeState(kernel) : ENGLISH);
  useEffect(() => {
    if (kernel) void loadMessages(kernel, bundle as MessageBundle<Catalogue>);
  }, [kernel, bundle, state.locale]);
  return useCallback<Translate<M>>((key, values) => format(message(state, bundle, key), values), [state, bundle]);
}

export function useLocale(): { readonly locale: string; readonly dir: 'ltr' | 'rtl'; setLocale(locale: string): void } {
  const kernel = useKernel();
  const { locale, dir } = useObserved(localeState(kernel));
  const set = useCallback((l: string) => setLocale(kernel, l), [kernel]);
  return { locale, dir, setLocale: set };
}
