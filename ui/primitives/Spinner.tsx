/** Decorative spinner; pair it with text or use {@link LoadingState}. */
export function Spinner({ size = 20 }: { readonly size?: number }) {
  return <span className="lk-spinner" aria-hidden="true" style={{ width: size, height: size }} />;
}
