// The server kit's router: a table of routes `{ method, path, ...extra }` and one lookup,
// `match(method, pathname)`, that every server of the local stack answers its paths with.
//
// A route's path is segments separated by `/`; a segment `:name` takes any one segment of the
// request's path (its value percent-decoded, as `params.name`), every other segment must be equal,
// and the whole path must match (same number of segments; `/a` and `/a/` are two paths). The
// first route of the table whose path and method match wins; a GET route also answers HEAD.
// Otherwise the answer tells the two misses apart: no route has that path (404), or some do but
// none for that method (405, with the methods they allow, in table order). A parameter that is
// not valid percent-encoding (`%zz`) is a malformed request (400).

/**
 * @template {{ method: string, path: string }} R
 * @param {readonly R[]} routes
 */
export function createRouter(routes) {
  const table = routes.map((route) => {
    if (!route.path.startsWith('/')) throw new Error(`route path must start with "/": ${route.path}`);
    return { route, parts: route.path.split('/').slice(1) };
  });
  return {
    /**
     * @param {string} method
     * @param {string} pathname the URL's path, still percent-encoded (`new URL(…).pathname`)
     */
    match(method, pathname) {
      const segments = pathname.startsWith('/') ? pathname.split('/').slice(1) : undefined;
      if (!segments) return { status: /** @type {const} */ (404) };
      /** @type {string[]} */
      const allow = [];
      for (const { route, parts } of table) {
        if (!samePath(parts, segments)) continue;
        if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
          const params = decodeParams(parts, segments);
          return params ? { route, params } : { status: /** @type {const} */ (400) };
        }
        if (!allow.includes(route.method)) allow.push(route.method);
      }
      return allow.length === 0 ? { status: /** @type {const} */ (404) } : { status: /** @type {const} */ (405), allow };
    },
  };
}

/** @param {readonly string[]} parts @param {readonly string[]} segments */
function samePath(parts, segments) {
  if (parts.length !== segments.length) return false;
  return parts.every((p, i) => p.startsWith(':') || p === segments[i]);
}

/** @param {readonly string[]} parts @param {readonly string[]} segments @returns {Record<string, string> | undefined} */
function decodeParams(parts, segments) {
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i].startsWith(':')) continue;
    try {
      params[parts[i].slice(1)] = decodeURIComponent(segments[i]);
    } catch {
      return undefined;
    }
  }
  return params;
}
