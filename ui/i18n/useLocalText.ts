/**
 * Texts raised by headless code as catalogue entries (a snackbar's `text`), in the kernel's
 * locale. Its own module: only the modal's snackbar uses it, so it stays out of the entry.
 */
import { useContext, useEffect } from 'react';
import type { LocalText } from '../../kernel/index';
import { KernelContext } from '../react/context';
import { useObserved } from '../react/useObserved';
import { format } from './locale';
import { loadMessages, localeState, message } from './messages';
import { ENGLISH } from './useMessages';

/**
 * A text raised by headless code as a catalogue entry (e.g. a snackbar's `text`) in the kernel's
 * locale: English until its bundle's chunk has loaded; `fallback` when there is no entry.
 */
export function useLocalText(text: LocalText | undefined, fallback: string): string {
  const kernel = useContext(KernelContext);
  const state = useObserved(kernel ? localeState(kernel) : ENGLISH);
  const bundle = text?.bundle;
  useEffect(() => {
    if (kernel && bundle) void loadMessages(kernel, bundle);
  }, [kernel, bundle, state.locale]);
  if (!text || !Object.prototype.hasOwnProperty.call(text.bundle.en, text.key)) return fallback;
  return format(message(state, text.bundle, text.key), text.values);
}
