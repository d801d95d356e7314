import { Fragment, createElement, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it: `{name}` placeholders of `template` filled from
 * `parts` (links, buttons, …) in the order the locale puts them; the rest stays text.
 * A placeholder without a part stays as written.
 *
 *   interpolate(t('agree'), { links: <Link …/> })   // 'I agree to the {links}'
 */
export function interpolate(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return template.split(/(\{[A-Za-z0-9_]+\})/).map((piece, i) => {
    const name = /^\{([A-Za-z0-9_]+)\}$/.exec(piece)?.[1];
    const node = name !== undefined && Object.prototype.hasOwnProperty.call(parts, name) ? parts[name] : piece;
    return createElement(Fragment, { key: i }, node);
  });
}
