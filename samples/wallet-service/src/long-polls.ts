/**
 * Slots for the API's long polls (CONNECT_DEVICE waiting for a device approval, CONNECT_FARCASTER
 * waiting for the phone), counted in this process:
 *   - one live poll per flow: a newer poll for the same flow (and device) replaces the older one, which
 *     ends at once with 409 `poll_replaced`;
 *   - at most `perClient` per client address (WALLET_LONG_POLLS_PER_IP): 429 beyond;
 *   - at most `total` in the process: 503 `busy` beyond.
 * So one device, one account or one network cannot take every slot (security review M2).
 */
import { HttpError } from './errors';

export interface LongPollSlot {
  /** Aborted when the poll is replaced or the service stops. */
  readonly signal: AbortSignal;
  /** True once a newer poll for the same flow took this one's place. */
  readonly replaced: boolean;
  leave(): void;
}

export class LongPolls {
  private readonly byFlow = new Map<string, Slot>();
  private readonly byClient = new Map<string, number>();
  private readonly open = new Set<Slot>();

  constructor(private readonly limits: { readonly total: number; readonly perClient: number }) {}

  /** Takes a slot for a poll on `flow` from `client` (the client-address key), or throws 429/503. */
  enter(flow: string, client: string): LongPollSlot {
    // the poll this one would replace does not count against it
    const older = this.byFlow.get(flow);
    const mine = (this.byClient.get(client) ?? 0) - (older?.client === client ? 1 : 0);
    if (mine >= this.limits.perClient) {
      throw new HttpError(429, 'rate_limited', 'Too many requests waiting from your network: try again shortly', { retryAfterSeconds: 5 });
    }
    if (this.open.size - (older ? 1 : 0) >= this.limits.total) throw new HttpError(503, 'busy', 'The wallet service is busy: try again');
    older?.replace();
    const slot: Slot = new Slot(client, () => this.release(slot, flow, client));
    this.open.add(slot);
    this.byFlow.set(flow, slot);
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
    return slot;
  }

  /** Ends every poll (the service stops). */
  abortAll(): void {
    for (const slot of this.open) slot.abort();
  }

  private release(slot: Slot, flow: string, client: string): void {
    this.open.delete(slot);
    if (this.byFlow.get(flow) === slot) this.byFlow.delete(flow);
    const n = (this.byClient.get(client) ?? 1) - 1;
    if (n > 0) this.byClient.set(client, n);
    else this.byClient.delete(client);
  }
}

class Slot implements LongPollSlot {
  private readonly controller = new AbortController();
  private released = false;
  replaced = false;

  constructor(
    readonly client: string,
    private readonly onRelease: () => void,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A newer poll for the same flow: this one gives its slot back now and ends. */
  replace(): void {
    this.replaced = true;
    this.leave();
    this.controller.abort();
  }

  abort(): void {
    this.controller.abort();
  }

  leave(): void {
    if (this.released) return;
    this.released = true;
    this.onRelease();
  }
}
