/**
 * React side of the message catalogues: `useMessages(bundle)` gives `t(key, values?)` in the
 * kernel's locale (English until the locale's chunk of that bundle has loaded, then the
 * translation); `useLocale()` gives the locale, its direction and a setter.
 */
import { useCallback, useEffect } from 'react';
import { useKernel } from '../react/context';
import { useObserved } from '../react/useObserved';
import { format } from './locale';
import { loadMessages, localeState, message, setLocale, type Catalogue, type MessageBundle } from './messages';

export type Translate<M extends Catalogue> = (key: keyof M & string, values?: Readonly<Record<string, string | number>>) => string;

export function useMessages<M extends Catalogue>(bundle: MessageBundle<M>): Translate<M> {
  const kernel = useKernel();
  const state = useObserved(localeState(kernel));
  useEffect(() => {
    void loadMessages(kernel, bundle as MessageBundle<Catalogue>);
  }, [kernel, bundle, state.locale]);
  return useCallback<Translate<M>>((key, values) => format(message(state, bundle, key), values), [state, bundle]);
}

export function useLocale(): { readonly locale: string; readonly dir: 'ltr' | 'rtl'; setLocale(locale: string): void } {
  const kernel = useKernel();
  const { locale, dir } = useObserved(localeState(kernel));
  const set = useCallback((l: string) => setLocale(kernel, l), [kernel]);
  return { locale, dir, setLocale: set };
}
