// Types of router.mjs for TypeScript callers (the repository's tsconfig has no allowJs).

/** What `match` answers: the route and its parameters (percent-decoded), or why none answers. */
type RouteMatch<R> =
  | { readonly route: R; readonly params: Readonly<Record<string, string>> }
  /** no route has this path */
  | { readonly route?: undefined; readonly status: 404 }
  /** routes have this path, none for this method; `allow`: their methods, in table order */
  | { readonly route?: undefined; readonly status: 405; readonly allow: readonly string[] }
  /** a parameter is not valid percent-encoding */
  | { readonly route?: undefined; readonly status: 400 };

/**
 * A table of routes (`path`: segments, `:name` a parameter; exact match; a GET route also answers
 * HEAD); `match(method, pathname)` finds the first route of the path and method.
 */
export declare function createRouter<R extends { readonly method: string; readonly path: string }>(
  routes: readonly R[],
): { match(method: string, pathname: string): RouteMatch<R> };
