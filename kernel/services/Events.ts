import { type Observable, Subject } from 'rxjs';
import { walkError } from '../errors/base';
import { Alerts } from './Alerts';
import { Environment } from './Environment';
import { HttpClient } from './HttpClient';
import { Options } from '../options/Options';

export const Events = Symbol('Events');

export interface AnalyticsEvent {
  readonly type: 'track' | 'error';
  readonly event: string;
  readonly properties?: Readonly<Record<string, unknown>>;
}

export interface TrackedEvent {
  readonly timestamp: number;
  readonly data: AnalyticsEvent;
}

/** Analytics (docs/modal.md#analytics): POST /e, skipped for MODAL_CREATED and when analytics is off. */
export interface Events {
  readonly events$: Observable<TrackedEvent>;
  /** Emits locally always; sends to the analytics host when enabled. */
  track(event: AnalyticsEvent): void;
  /**
   * Sets where the connected address (`props.address`) is read from at each send;
   * `undefined` removes it. Lets the kernel wire Account in without Events injecting it.
   */
  setAddressSource(fn: (() => string | undefined) | undefined): void;
}

/** Events that are never sent to the analytics host (docs/modal.md#analytics). */
export const UNSENT_EVENTS: readonly string[] = ['MODAL_CREATED'];

/** A random v4 UUID: `crypto.randomUUID` when present, else built from random bytes. */
export function randomEventId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True for an HTTP 403 answer, on the error or anywhere in its cause chain (checked structurally). */
function isForbidden(err: unknown): boolean {
  return (
    walkError(err, (e) => {
      const x = e as { status?: unknown; data?: { status?: unknown } } | null;
      return typeof x === 'object' && x !== null && (x.status === 403 || x.data?.status === 403);
    }) !== null
  );
}

/**
 * Analytics (docs/modal.md#analytics). `track` always emits on `events$`; it also POSTs
 * `{analyticsUrl}/e?projectId&st&sv` with `{ eventId, url, domain, timestamp, props }`
 * unless the event is MODAL_CREATED, `features.analytics` is false, or no
 * `analyticsUrl` is configured. Sending never throws into the app: a 403 shows the
 * 'Invalid App Configuration' alert, other failures are dropped.
 *
 * The connected address (`props.address`) comes from a function set with
 * {@link EventsImpl.setAddressSource}: the Account service (or the kernel wiring)
 * registers it, so Events does not inject Account and no DI cycle forms.
 */
export class EventsImpl implements Events {
  private readonly subject = new Subject<TrackedEvent>();
  readonly events$: Observable<TrackedEvent> = this.subject.asObservable();
  private addressSource: (() => string | undefined) | undefined;

  constructor(
    private readonly options: Options,
    private readonly http: HttpClient,
    private readonly alerts: Alerts,
    private readonly env: Environment,
  ) {}

  setAddressSource(fn: (() => string | undefined) | undefined): void {
    this.addressSource = fn;
  }

  track(event: AnalyticsEvent): void {
    const timestamp = this.env.now();
    this.subject.next({ timestamp, data: event });
    const opts = this.options.state;
    if (UNSENT_EVENTS.includes(event.event) || opts.features.analytics === false || !opts.analyticsUrl) return;

    let address: string | undefined;
    try {
      address = this.addressSource?.();
    } catch {
      address = undefined;
    }
    const location = (this.env.window as { location?: { href?: string; hostname?: string } } | undefined)?.location;
    const body = {
      eventId: randomEventId(),
      url: location?.href ?? '',
      domain: location?.hostname ?? '',
      timestamp,
      props: address ? { ...event, address } : { ...event },
    };
    let sent: Promise<unknown>;
    try {
      sent = this.http.post({
        baseUrl: opts.analyticsUrl,
        path: '/e',
        params: { projectId: opts.projectId, st: opts.sdkType, sv: opts.sdkVersion },
        body,
      });
    } catch (err) {
      sent = Promise.reject(err);
    }
    sent.catch((err: unknown) => {
      if (isForbidden(err)) this.alerts.showKey('INVALID_APP_CONFIGURATION');
    });
  }
}
