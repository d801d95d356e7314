/**
 * WalletConnect's sign client (2.25) replays, once, a moment after it starts (its engine's
 * `requestQueueDelay`: 1 s), every message of its sessions it has not acknowledged yet. It means
 * that for messages that arrived before a page reload; but it also meets a session settled live
 * in that first second: the wallet's settle request is acknowledged only when its handler has
 * answered it through the relay, so if the replay runs meanwhile it hands the same settle to the
 * engine a second time, whose pending session the first pass already consumed, and the engine
 * logs "Pending session not found for topic …" at error level. That happens whenever a wallet
 * approves within about a second of the provider's start: a prewarmed link answered at once, a
 * fast phone, or a loaded machine where the handler's answer to the relay is slow.
 *
 * So a pairing link is shown (and so can be answered) only once the replay has taken its list:
 * the live handler is then the settle's only owner. The replay's timer is armed before the
 * provider's init resolves, so a timer of the same length armed after it fires after it.
 */
import type { UniversalProviderLike } from './types';

/** The sign client's own delay (seconds), where the provider has one; none for a provider without a sign client. */
function replayDelayMs(provider: UniversalProviderLike): number {
  const seconds = (provider.client as { engine?: { requestQueueDelay?: unknown } } | undefined)?.engine?.requestQueueDelay;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) * 1000 : 0;
}

/** Resolves once the sign client of a provider started just now has run its start-up replay (undefined: nothing to wait for). */
export function afterStartupReplay(provider: UniversalProviderLike): Promise<void> | undefined {
  const ms = replayDelayMs(provider);
  return ms === 0 ? undefined : new Promise((resolve) => setTimeout(resolve, ms));
}
