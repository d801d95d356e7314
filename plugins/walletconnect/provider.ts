/**
 * The `walletConnect` connector's EIP-1193 provider, as shipped in the entry:
 * a small facade. Its first request loads the plugin's module (and with it the
 * universal provider) and every request is answered by the session service.
 * Session events reach the listeners once the module is loaded (no session can
 * exist before that); a 'display_uri' listener loads it, and hears every new pairing URI.
 */
import type { Eip1193Provider } from 'latchkey';
import type { SessionEvent, WalletConnectSession } from './types';

type Listener = (...args: any[]) => void;

export interface LazyEip1193Provider extends Eip1193Provider {
  on(event: string, listener: Listener): this;
  removeListener(event: string, listener: Listener): this;
  readonly isWalletConnect: true;
  /** Whether the session service is loaded (tests, diagnostics). */
  readonly loaded: boolean;
}

export function lazyEip1193Provider(loadSession: () => Promise<WalletConnectSession>): LazyEip1193Provider {
  const listeners = new Map<string, Set<Listener>>();
  let session: Promise<WalletConnectSession> | undefined;
  let loaded = false;

  const emit = (event: string, ...args: unknown[]) => {
    for (const fn of [...(listeners.get(event) ?? [])]) {
      try {
        fn(...args);
      } catch (err) {
        console.error(`[latchkey] a WalletConnect '${event}' listener threw`, err);
      }
    }
  };

  const onSessionEvent = (e: SessionEvent) => {
    if (e.type === 'accountsChanged') emit('accountsChanged', [...e.accounts]);
    else if (e.type === 'chainChanged') emit('chainChanged', e.chainId);
    else emit('disconnect', { code: 4900, message: 'The wallet ended the WalletConnect session.', data: e.reason });
  };

  const ready = (): Promise<WalletConnectSession> => {
    session ??= loadSession().then(
      (s) => {
        loaded = true;
        s.events$.subscribe(onSessionEvent);
        // 'display_uri' (as wagmi's WalletConnect connector names it): each new pairing URI, for
        // hosts that draw their own QR code or wallet links (latchkey/directory createWalletList)
        let shown: string | undefined;
        s.state$.subscribe(({ wcUri }) => {
          if (wcUri && wcUri !== shown) emit('display_uri', (shown = wcUri));
        });
        return s;
      },
      (err: unknown) => {
        session = undefined; // a failed load may be retried
        throw err;
      },
    );
    return session;
  };

  const provider: LazyEip1193Provider = {
    isWalletConnect: true,
    get loaded() {
      return loaded;
    },
    async request(args) {
      return (await ready()).eip1193Request(args);
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      // a listener for pairing URIs wants them from the next pairing on: follow the session now
      if (event === 'display_uri') void ready().catch(() => undefined);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  return provider;
}
