import { Spinner } from './Spinner';

/** A visible, announced loading state: role=status, aria-busy, 'Loading…' by default. */
export function LoadingState({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <div className="lk-loading" role="status" aria-busy="true" aria-live="polite">
      <Spinner size={28} />
      <span>{label}</span>
    </div>
  );
}
