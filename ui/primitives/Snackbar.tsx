import { useObserved } from '../react/useObserved';
import type { Snackbar as SnackbarService } from '../../kernel/index';
import { Spinner } from './Spinner';

/**
 * The kernel Snackbar's message. The live region is always in the DOM so that
 * screen readers announce a message when it appears.
 */
export function Snackbar({ snackbar }: { readonly snackbar: SnackbarService }) {
  const s = useObserved(snackbar);
  return (
    <div className="lk-snackbar" role="status" aria-live="polite" data-open={s.open || undefined} data-variant={s.variant}>
      {s.open ? (
        <>
          {s.variant === 'loading' ? <Spinner size={16} /> : <span className="lk-dot" aria-hidden="true" />}
          <span>{s.message}</span>
        </>
      ) : null}
    </div>
  );
}
