import { useEffect, useMemo, useRef, useState } from 'react';
import { initials } from '../format';
import { sanitizeUrl } from '../url';
import { SIZE_CLASSES } from './sizes';

/** docs/modal.md#display-formatting: an image that has not loaded within 2 s is replaced by its fallback. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000;

export interface WalletImageProps {
  readonly src?: string | undefined;
  /** Wallet or network name: gives the fallback's initials. */
  readonly name: string;
  readonly size?: number;
  /** Alt text; decorative ('') by default because a name sits next to it. */
  readonly alt?: string;
  readonly round?: boolean;
}

/**
 * Wallet/network image with an initials tile as fallback. The <img> is shown
 * while it loads; on error, or when not loaded after 2 s, the tile replaces it.
 * A source that {@link sanitizeUrl} refuses for images (javascript:, data:text/html, …)
 * shows the tile at once; an SVG is only ever an <img>, so its scripts never run.
 */
export function WalletImage({ src: raw, name, size = 40, alt = '', round }: WalletImageProps) {
  // Only http(s), data:image/… and same-origin blob: URLs reach the <img> (ui/url.ts).
  const src = useMemo(() => sanitizeUrl(raw, 'image'), [raw]);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!src) return setState('failed');
    // Loaded before hydration (the load event was missed): trust the element.
    const el = img.current;
    if (el?.complete && el.naturalWidth > 0) return setState('loaded');
    setState('loading');
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), IMAGE_PRELOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src]);
  // Common sizes are classes; another size is set through CSSOM (React's style prop), which a strict CSP allows.
  const sized = SIZE_CLASSES.includes(size);
  const style = sized ? undefined : { width: size, height: size };
  const cls = `lk-wimg${sized ? ` lk-sz-${size}` : ''}${round ? ' lk-round' : ''}`;
  if (!src || state === 'failed') {
    return (
      // The initials are drawn by CSS from data-initials, so they are not text inside a named button.
      <span
        className={`${cls} lk-wimg-fallback`}
        style={style && { ...style, fontSize: size * 0.36 }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-initials={initials(name)}
        data-testid="wallet-image-fallback"
      />
    );
  }
  return (
    <img
      ref={img}
      className={`${cls}${state === 'loading' ? ' lk-wimg-loading' : ''}`}
      style={style}
      src={src}
      alt={alt}
      width={size}
      height={size}
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  );
}
