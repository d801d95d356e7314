/**
 * Who embeds the frame: its parent's origin and the origins above it, as the browser reports them
 * (location.ancestorOrigins, else document.referrer). The frame talks only to that parent, and only
 * when the service finds every one of these origins on the project's allowlist (configure.ts).
 */

/** A browser-reported origin, checked to be one (scheme, host, port), else null ("null" included). */
function asOrigin(candidate: string | undefined): string | null {
  if (!candidate || candidate === 'null') return null;
  try {
    return new URL(candidate).origin === candidate ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * The frame's parent origin and the origins above it, as the browser reports them: every ancestor, not
 * only the parent, must be on the project's allowlist (security review L6), so an allowlisted dapp
 * embedded in another site gets no wallet there. Chromium and Safari list them in
 * location.ancestorOrigins. Firefox has none: the parent's origin then comes from document.referrer
 * (replies still go to that exact origin and only the parent window is heard, so a wrong referrer
 * reaches nobody), and a frame whose parent is not the top window cannot know the other ancestors:
 * `above` is null and the frame refuses to run.
 */
export function detectAncestors(): { parent: string; above: string[] | null } | null {
  if (window.parent === window) return null;
  const list = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (list && list.length > 0) {
    const all = Array.from(list, (o) => asOrigin(o) ?? 'null');
    const parent = asOrigin(all[0]);
    return parent ? { parent, above: all.slice(1) } : null;
  }
  const parent = asOrigin(document.referrer ? new URL(document.referrer).origin : undefined);
  if (!parent) return null;
  return { parent, above: window.parent === window.top ? [] : null };
}

/** The frame's parent origin and the origins above it (null: not known, the frame refuses to run). */
export type Ancestors = NonNullable<ReturnType<typeof detectAncestors>>;
