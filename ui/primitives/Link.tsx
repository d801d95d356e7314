import type { AnchorHTMLAttributes } from 'react';
import { sanitizeUrl } from '../url';

/**
 * An external link that opens in a new tab without giving the page a window.opener.
 * Its `href` goes through {@link sanitizeUrl} (http(s) only): a link whose URL is refused
 * renders nothing, so a hostile URL never becomes a link.
 */
export function Link({ className, href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const safe = sanitizeUrl(href, 'link');
  if (!safe) return null;
  return <a target="_blank" rel="noopener noreferrer" {...rest} href={safe} className={`lk-link${className ? ` ${className}` : ''}`} />;
}
