/**
 * The requests sent to the wallet and not answered yet. Each ends once: with the wallet's answer,
 * or failed first (a cancel, the session's end, or a lost relay that did not come back within
 * `lostConnectionTimeoutMs`); the wallet's own answer after that is dropped. While the relay is
 * down every such request has a timer; when it is back the timers go (./relayWatchdog says when).
 */
import { RelayConnectionLostError } from './errors';
import type { WalletConnectPluginConfig } from './types';

/** Default of `lostConnectionTimeoutMs`: how long a request waits for a relay that is gone. */
const DEFAULT_LOST_CONNECTION_TIMEOUT_MS = 15_000;

/** A request sent to the wallet and not answered yet. */
interface Inflight {
  fail(err: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

export class InflightRequests {
  private readonly inflight = new Set<Inflight>();

  /** `connectionLost`: whether the relay is down now (a request sent then is timed at once). */
  constructor(
    private readonly config: Pick<WalletConnectPluginConfig, 'lostConnectionTimeoutMs'>,
    private readonly connectionLost: () => boolean,
  ) {}

  private get lostConnectionTimeoutMs(): number {
    const ms = this.config.lostConnectionTimeoutMs;
    return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 600_000) : DEFAULT_LOST_CONNECTION_TIMEOUT_MS;
  }

  private arm(entry: Inflight): void {
    const ms = this.lostConnectionTimeoutMs;
    entry.timer ??= setTimeout(() => entry.fail(new RelayConnectionLostError(ms)), ms);
  }

  /**
   * A request to the wallet: answered by the wallet, or failed by a lost relay that did not
   * come back in time, a cancel, or the session's end. The wallet's own answer after that is
   * dropped.
   */
  guard<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Inflight = {
        fail: (err) => {
          if (!this.inflight.delete(entry)) return;
          if (entry.timer !== undefined) clearTimeout(entry.timer);
          reject(err);
        },
      };
      this.inflight.add(entry);
      if (this.connectionLost()) this.arm(entry);
      work().then(
        (value) => {
          if (!this.inflight.delete(entry)) return;
          if (entry.timer !== undefined) clearTimeout(entry.timer);
          resolve(value);
        },
        (err: unknown) => entry.fail(err),
      );
    });
  }

  /** The relay went (each waiting request waits at most `lostConnectionTimeoutMs` more) or came back (no limit). */
  relayLost(lost: boolean): void {
    for (const entry of this.inflight) {
      if (lost) this.arm(entry);
      else if (entry.timer !== undefined) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
      }
    }
  }

  /** Every waiting request fails with `err`. */
  failAll(err: Error): void {
    for (const entry of [...this.inflight]) entry.fail(err);
  }
}
