import { useObserved } from '../react/useObserved';
import type { Snackbar as SnackbarService } from '../../kernel/index';

type SnackbarState = SnackbarService['state'];
import { Spinner } from './Spinner';
import { useLocalText } from '../i18n/useLocalText';

/**
 * The kernel Snackbar's message, in the flow of the page (it covers nothing). The live
 * region is always in the DOM so that screen readers announce a message when it appears.
 * `shows` decides whether an open snackbar is for here (the modal passes its visit's rule).
 */
export function Snackbar({ snackbar, shows }: { readonly snackbar: SnackbarService; readonly shows?: (state: SnackbarState) => boolean }) {
  const s = useObserved(snackbar);
  const open = s.open && (shows ? shows(s) : true);
  const text = useLocalText(s.text, s.message);
  return (
    <div className="lk-snackbar" role="status" aria-live="polite" data-open={open || undefined} data-variant={s.variant}>
      {open ? (
        <>
          {s.variant === 'loading' ? <Spinner size={16} /> : <span className="lk-dot" aria-hidden="true" />}
          <span>{text}</span>
        </>
      ) : null}
    </div>
  );
}
