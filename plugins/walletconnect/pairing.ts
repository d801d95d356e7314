/**
 * Pairing-URI lifetime rules (spec sections 4 and 9). Pure functions of a
 * clock reading, so they are tested without waiting.
 */

/** A pairing URI is offered for 4 minutes. */
export const PAIRING_LIFETIME_MS = 4 * 60_000;
/** …and counts as expired within 10 s of its expiry. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

/** Expiry time of a URI published at `publishedAt`. */
export function pairingExpiry(publishedAt: number): number {
  return publishedAt + PAIRING_LIFETIME_MS;
}

/** True when there is no expiry, or `now` is within the margin of it (or past it). */
export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || expiry - now <= PAIRING_EXPIRY_MARGIN_MS;
}

/** Milliseconds until the pairing counts as expired (0 when it already does). */
export function msUntilExpired(expiry: number, now: number): number {
  return Math.max(0, expiry - PAIRING_EXPIRY_MARGIN_MS - now);
}

/** What the rule depends on, from the kernel's Environment. */
export interface PairingEnvironment {
  isMobile(): boolean;
  isTelegram(): boolean;
  isIos(): boolean;
  isSafari(): boolean;
}

/**
 * On a phone inside Telegram or in iOS Safari, leaving for the wallet app and
 * coming back must not change the link the wallet already has: an unexpired
 * pairing is reused there. Everywhere else a new connect gets a fresh URI.
 */
export function reusesPairing(env: PairingEnvironment): boolean {
  return env.isMobile() && (env.isTelegram() || (env.isIos() && env.isSafari()));
}

/** Whether a connect may reuse the pairing expiring at `expiry` instead of creating a new one. */
export function shouldReusePairing(env: PairingEnvironment, expiry: number | undefined, now: number): boolean {
  return reusesPairing(env) && !isPairingExpired(expiry, now);
}
