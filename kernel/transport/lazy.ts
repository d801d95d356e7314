import { RequestAbortedError } from '../errors/request';
import type { FallbackOptions } from './fallback';
import type { HttpTransportOptions } from './http';
import type { RequestOptions, RpcRequest, Transport } from './types';

/**
 * A transport built on its first request, so the code behind it can be loaded
 * on demand. A failed build (e.g. a chunk that did not load) is retried by the
 * next request. Once disposed, requests reject with RequestAbortedError.
 */
export function lazyTransport(build: () => Promise<Transport>, kind = 'lazy'): Transport {
  let inner: Promise<Transport> | undefined;
  let disposed = false;
  const get = (): Promise<Transport> => {
    inner ??= build().catch((err: unknown) => {
      inner = undefined;
      throw err;
    });
    return inner;
  };
  return {
    kind,
    async request<T>(request: RpcRequest, options?: RequestOptions): Promise<T> {
      if (disposed) throw new RequestAbortedError();
      const transport = await get();
      return transport.request<T>(request, options);
    },
    dispose(): void {
      disposed = true;
      void inner?.then(
        (t) => t.dispose(),
        () => undefined,
      );
    },
  };
}

/** JSON-RPC over HTTP (retry, batching, dedupe), loaded on the first request. */
export function httpTransport(url: string, options?: HttpTransportOptions): Transport {
  return lazyTransport(async () => (await import('./http')).http(url, options), 'http');
}

/** Ranked fallback over several HTTP endpoints, loaded on the first request. */
export function fallbackTransport(
  endpoints: readonly { readonly url: string; readonly options?: HttpTransportOptions }[],
  options?: FallbackOptions,
): Transport {
  return lazyTransport(async () => {
    const [{ http }, { fallback }] = await Promise.all([import('./http'), import('./fallback')]);
    return fallback(
      endpoints.map((e) => http(e.url, e.options)),
      options,
    );
  }, 'fallback');
}
