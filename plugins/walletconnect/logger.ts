/**
 * The log WalletConnect's clients write to (universal provider, sign client, core): a small
 * pino-shaped logger they take in place of their own (`logger` accepts an object). It prints
 * at 'error' level and above by default, and never prints what a visitor does on purpose: a
 * user rejection (4001 / 5000, or its wording) is an outcome, not an error, so the console
 * stays quiet for it (issue 8).
 */
import { isUserRejection } from 'latchkey';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
export type WalletConnectLogLevel = keyof typeof LEVELS;

const REJECTION_TEXT = /user (rejected|denied|disapproved|cancel+ed)|rejected by (the )?user/i;

type LogFn = (...args: unknown[]) => void;

/** The pino methods WalletConnect calls. */
export interface WalletConnectLogger {
  level: string;
  trace: LogFn;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  fatal: LogFn;
  child(bindings: Record<string, unknown>): WalletConnectLogger;
  [key: string]: unknown;
}

/**
 * WalletConnect's core reports a message for a topic whose key it already deleted ("No matching key.
 * keychain: …", "No matching key. session topic doesn't exist: …") as an error. It comes when the relay
 * delivers a late message for a pairing this page dropped on purpose (the modal closed on a pairing, a
 * prewarmed pairing renewed or dropped): nothing is wrong, so it is logged at debug level.
 */
const STALE_TOPIC_TEXT = /^No matching key\b/;

/** True when a log line only reports a message for a topic that is already gone (a string or an error's message). */
function isStaleTopicLog(args: readonly unknown[]): boolean {
  return args.some((a) => {
    const text = typeof a === 'object' && a !== null ? (a as { message?: unknown }).message : a;
    return typeof text === 'string' && STALE_TOPIC_TEXT.test(text);
  });
}

/** True when a log line only reports a visitor's "no". */
export function isRejectionLog(args: readonly unknown[]): boolean {
  return args.some((a) => (typeof a === 'string' ? REJECTION_TEXT.test(a) : typeof a === 'object' && a !== null && isUserRejection(a)));
}

export function walletConnectLogger(level: WalletConnectLogLevel = 'error', context = 'WalletConnect'): WalletConnectLogger {
  const write = (at: Exclude<WalletConnectLogLevel, 'silent'>, out: (...a: unknown[]) => void): LogFn => (...args) => {
    const threshold = LEVELS[(logger.level as WalletConnectLogLevel) in LEVELS ? (logger.level as WalletConnectLogLevel) : 'error'];
    const stale = isStaleTopicLog(args);
    if ((stale ? LEVELS.debug : LEVELS[at]) < threshold || isRejectionLog(args)) return;
    (stale ? console.debug : out)(`[latchkey] ${context}:`, ...args); // eslint-disable-line no-console
  };
  /* eslint-disable no-console */
  const logger: WalletConnectLogger = {
    level,
    trace: write('trace', (...a) => console.debug(...a)),
    debug: write('debug', (...a) => console.debug(...a)),
    info: write('info', (...a) => console.info(...a)),
    warn: write('warn', (...a) => console.warn(...a)),
    error: write('error', (...a) => console.error(...a)),
    fatal: write('fatal', (...a) => console.error(...a)),
    child(bindings) {
      const name = typeof bindings['context'] === 'string' ? (bindings['context'] as string) : context;
      const child = walletConnectLogger(logger.level as WalletConnectLogLevel, name);
      return child;
    },
  };
  return logger;
}
