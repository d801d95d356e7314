/**
 * Sign-in in the demo: `?siwx=required` or `?siwx=optional` turns it on (STACK.md), with the
 * default session provider (sessions kept in the browser's storage, verified when read).
 */
import { localSiwx, type SiwxPluginConfig } from 'latchkey/plugins/siwx';

export type SignInMode = 'required' | 'optional' | undefined;

export function signInModeFor(params: URLSearchParams): SignInMode {
  const v = params.get('siwx');
  return v === 'required' || v === 'optional' ? v : undefined;
}

/** The sign-in plugin's configuration for the page: a provider only when sign-in is on. */
export function signInConfig(mode: SignInMode): SiwxPluginConfig {
  if (!mode) return {};
  return { siwx: localSiwx({ required: mode === 'required', statement: 'Sign in to the Latchkey demo' }) };
}
