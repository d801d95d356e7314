import type { AnchorHTMLAttributes } from 'react';

/** An external link that opens in a new tab without giving the page a window.opener. */
export function Link({ className, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a target="_blank" rel="noopener noreferrer" {...rest} className={`lk-link${className ? ` ${className}` : ''}`} />;
}
