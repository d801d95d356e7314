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

/** True when a log line only reports a visitor's "no". */
export function isRejectionLog(args: readonly unknown[]): boolean {
  return args.some((a) => (typeof a === 'string' ? REJECTION_TEXT.test(a) : typeof a === 'object' && a !== null && isUserRejection(a)));
}

export function walletConnectLogger(level: WalletConnectLogLevel = 'error', context = 'WalletConnect'): WalletConnectLogger {
  const write = (at: Exclude<WalletConnectLogLevel, 'silent'>, out: (...a: unknown[]) => void): LogFn => (...args) => {
    const threshold = LEVELS[(logger.level as WalletConnectLogLevel) in LEVELS ? (logger.level as WalletConnectLogLevel) : 'error'];
    if (LEVELS[at] < threshold || isRejectionLog(args)) return;
    out(`[latchkey] ${context}:`, ...args);
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
