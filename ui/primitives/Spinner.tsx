import { SIZE_CLASSES } from './sizes';

/** Decorative spinner; pair it with text or use {@link LoadingState}. */
export function Spinner({ size = 20 }: { readonly size?: number }) {
  const sized = SIZE_CLASSES.includes(size);
  return <span className={`lk-spinner${sized ? ` lk-sz-${size}` : ''}`} aria-hidden="true" style={sized ? undefined : { width: size, height: size }} />;
}
