import type { HTMLAttributes } from 'react';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  readonly variant?: 'body' | 'small' | 'title' | 'muted' | 'error';
  readonly as?: 'p' | 'span' | 'div' | 'h3';
}

export function Text({ variant = 'body', as: Tag = 'p', className, ...rest }: TextProps) {
  return <Tag {...rest} className={`lk-text lk-text-${variant}${className ? ` ${className}` : ''}`} />;
}
