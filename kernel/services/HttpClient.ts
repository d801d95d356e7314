export const HttpClient = Symbol('HttpClient');

export interface HttpRequest {
  /** Absolute URL, or a path joined to `baseUrl`. */
  readonly path: string;
  readonly baseUrl?: string;
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/** GET/POST/PUT/DELETE with a JSON body; non-2xx throws HttpRequestError ('HTTP status code: {status}'). */
export interface HttpClient {
  get<T = unknown>(req: HttpRequest): Promise<T>;
  post<T = unknown>(req: HttpRequest): Promise<T>;
  put<T = unknown>(req: HttpRequest): Promise<T>;
  delete<T = unknown>(req: HttpRequest): Promise<T>;
}
