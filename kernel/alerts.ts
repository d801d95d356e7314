import { errorChain } from './errors/base';
import type { LocalText } from './messages';

type AlertVariant = 'error' | 'warning' | 'info' | 'success';

/** A page-level alert: a short text, an optional explanation, and a key under which it is shown at most once. */
export interface AlertMessage {
  readonly key: string;
  readonly shortMessage: string;
  readonly longMessage?: string;
  readonly variant: AlertVariant;
  /** The texts as catalogue entries (`localText`), when the raiser has them: a UI shows them in the visitor's language. */
  readonly text?: { readonly short: LocalText; readonly long?: LocalText };
}

/**
 * Alert catalogue (docs/errors.md#alerts): a short text and, for most, a longer
 * explanation. Each key is shown at most once per page.
 */
export const ALERTS = {
  NETWORK_NOT_FOUND: {
    key: 'NETWORK_NOT_FOUND',
    shortMessage: 'Network Not Found',
    longMessage: "Make sure the network is in the 'networks' array of the options.",
    variant: 'error',
  },
  ORIGIN_NOT_ALLOWED: {
    key: 'ORIGIN_NOT_ALLOWED',
    shortMessage: 'Invalid App Configuration',
    longMessage: "This origin is not on the project's allowlist. Add it in the provider's cloud dashboard.",
    variant: 'error',
  },
  INVALID_APP_CONFIGURATION: {
    key: 'INVALID_APP_CONFIGURATION',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'The project id is invalid. Check the projectId option.',
    variant: 'error',
  },
  SESSION_EXPIRED: {
    key: 'SESSION_EXPIRED',
    shortMessage: 'Session Expired',
    longMessage: "The session is invalid. Check your device's time settings, then reconnect.",
    variant: 'error',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    key: 'PROJECT_ID_NOT_CONFIGURED',
    shortMessage: 'Project ID Not Configured',
    variant: 'warning',
  },
  SWITCH_NETWORK_NOT_FOUND: {
    key: 'SWITCH_NETWORK_NOT_FOUND',
    shortMessage: 'Switch network not found',
    variant: 'error',
  },
} as const satisfies Readonly<Record<string, AlertMessage>>;

export type AlertKey = keyof typeof ALERTS;

/** Universal-provider error texts (matched as substrings) and the alert each one raises. */
export const PROVIDER_ERROR_ALERTS: readonly (readonly [text: string, key: AlertKey])[] = [
  ['Unauthorized: origin not allowed', 'ORIGIN_NOT_ALLOWED'],
  ['JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED'],
  ['Unauthorized: invalid key', 'INVALID_APP_CONFIGURATION'],
];

export function isAlertKey(key: string): key is AlertKey {
  return Object.prototype.hasOwnProperty.call(ALERTS, key);
}

/** The texts (message, shortMessage, details; a string as is) of an error and its causes. */
function errorTexts(error: unknown): string[] {
  if (typeof error === 'string') return [error];
  return errorChain(error).flatMap((e) =>
    (['message', 'shortMessage', 'details'] as const).flatMap((f) => (typeof e[f] === 'string' ? [e[f] as string] : [])),
  );
}

/** The alert key for a universal-provider error (its message or any cause's), or undefined. */
export function alertKeyForProviderError(error: unknown): AlertKey | undefined {
  const texts = errorTexts(error);
  for (const [text, key] of PROVIDER_ERROR_ALERTS) {
    if (texts.some((t) => t.includes(text))) return key;
  }
  return undefined;
}
