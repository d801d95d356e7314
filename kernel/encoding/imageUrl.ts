/**
 * An image URL a view may put in `src`: absolute http(s), or a data: image. Anything else
 * (javascript:, relative paths, other data: types) gives undefined and the view's fallback shows.
 */
export function imageUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string' || url.length > 100_000) return undefined;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
