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
 * So the settle must have one owner, the live handler: the replay has to take its list before
 * any pairing link exists. The session service runs the replay itself as soon as the provider
 * has started and its listeners are in place (what the library's delay waits for), and the
 * library's own later call does nothing. Where the engine has no such method (another version),
 * links wait until the library's replay has run instead (its timer is armed before the provider's
 * init resolves, so a timer of the same length armed after it fires after it). A provider
 * without a sign client of its own (a host's, a test double) needs neither.
 */
import type { UniversalProviderLike } from './types';

interface ReplayingEngine {
  requestQueueDelay?: unknown;
  processPendingMessageEvents?: () => Promise<void>;
}

/**
 * Makes the start-up replay of a provider started just now run before any pairing link is shown.
 * Returns what a link must wait for (undefined: nothing, the replay has taken its list).
 */
export function settleStartupReplay(provider: UniversalProviderLike): Promise<void> | undefined {
  const engine = (provider.client as { engine?: ReplayingEngine } | undefined)?.engine;
  if (!engine) return undefined;
  const replay = engine.processPendingMessageEvents;
  if (typeof replay === 'function') {
    engine.processPendingMessageEvents = async () => undefined;
    // its list of unacknowledged messages is taken synchronously, now
    replay.call(engine).catch(() => undefined);
    return undefined;
  }
  const seconds = engine.requestQueueDelay;
  const ms = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) * 1000 : 0;
  return ms === 0 ? undefined : new Promise((resolve) => setTimeout(resolve, ms));
}
