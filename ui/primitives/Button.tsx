import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary (accent), secondary (neutral), ghost (text only), icon (square; needs aria-label). */
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'icon';
  readonly busy?: boolean;
}

/** A real <button>, type="button" unless told otherwise. */
export function Button({ variant = 'secondary', busy, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-busy={busy || undefined}
      className={`lk-btn lk-btn-${variant}${className ? ` ${className}` : ''}`}
    >
      {children}
    </button>
  );
}
