/** Social-login helpers shared by the service and the views (small, no kernel services). */
import type { SocialLoginProvider } from './types';

/** docs/embedded-wallet.md#social-login: the default providers. */
export const DEFAULT_SOCIALS: readonly SocialLoginProvider[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'];

const TITLES: Readonly<Record<string, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
};

/** The button name of a provider ('x' → 'X', 'github' → 'GitHub'). */
export function providerTitle(provider: string): string {
  return TITLES[provider] ?? provider;
}

export interface Platform {
  isTelegram(): boolean;
  isIos(): boolean;
  isMac(): boolean;
  isAndroid(): boolean;
}

/**
 * The providers to show: `features.socials` (known names only, de-duplicated; default the
 * seven of docs/embedded-wallet.md#social-login), minus those a Telegram mini-app cannot open on this platform (docs/embedded-wallet.md#social-login: iOS google,
 * Mac x, Android facebook and x).
 */
export function visibleSocials(configured: unknown, platform: Platform): SocialLoginProvider[] {
  const list = Array.isArray(configured) ? configured : configured === false ? [] : DEFAULT_SOCIALS;
  const out: SocialLoginProvider[] = [];
  for (const p of list) if (typeof p === 'string' && p in TITLES && !out.includes(p as SocialLoginProvider)) out.push(p as SocialLoginProvider);
  if (!platform.isTelegram()) return out;
  const hidden: string[] = [];
  if (platform.isIos()) hidden.push('google');
  if (platform.isMac()) hidden.push('x');
  if (platform.isAndroid()) hidden.push('facebook', 'x');
  return out.filter((p) => !hidden.includes(p));
}
