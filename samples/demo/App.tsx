/**
 * What a host app shows: the connect button, the connected account and its
 * balance, network switching (EVM, the local Solana chain, Bitcoin testnet), and two
 * actions on the active namespace (sign a message and verify it; send 0.01 ETH / 0.01 SOL /
 * 0.0001 BTC) whose results appear in elements with data-testid attributes, and a button that
 * opens the modal's Swap view with swap arguments.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Subscription } from 'rxjs';
import { ConnectButton, NetworkButton, useAccount, useKernel, useNetwork } from 'latchkey/react';
import { SEND_LABEL, demoSend, verifySignature } from './chains';
import { SignIn, type SignInState } from 'latchkey/plugins/siwx';

export const DEMO_MESSAGE = 'Hello from the Latchkey demo';

type Result =
  | { readonly status: 'idle' }
  | { readonly status: 'pending' }
  | { readonly status: 'done'; readonly text: string; readonly data?: Record<string, string> }
  | { readonly status: 'error'; readonly text: string };

function errorText(err: unknown): string {
  const e = err as { shortMessage?: string; message?: string } | undefined;
  return e?.shortMessage ?? e?.message ?? String(err);
}

function ResultView({ id, result }: { readonly id: string; readonly result: Result }) {
  const data = result.status === 'done' ? result.data : undefined;
  const dataAttrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <output data-testid={id} data-status={result.status} aria-live="polite" {...dataAttrs}>
      {result.status === 'pending' ? 'Waiting for the wallet…' : result.status === 'idle' ? '' : result.text}
    </output>
  );
}

/** The sign-in plugin's state, once its module has loaded (undefined before, and when sign-in is off). */
function useSignIn(): SignInState | undefined {
  const kernel = useKernel();
  const [state, setState] = useState<SignInState | undefined>();
  useEffect(() => {
    let signIn: Subscription | undefined;
    const plugins = kernel.plugins.state$.subscribe(() => {
      if (!signIn && kernel.plugins.isLoaded('siwx')) signIn = kernel.get<SignIn>(SignIn).state$.subscribe(setState);
    });
    return () => {
      plugins.unsubscribe();
      signIn?.unsubscribe();
    };
  }, [kernel]);
  return state;
}

/** The stored sign-in session: address, chain and expiry (STACK.md: data-testid siwx-session). */
function SignInSession() {
  const state = useSignIn();
  const session = state?.session;
  const data = session?.data;
  return (
    <output
      data-testid="siwx-session"
      data-status={session ? 'signed' : (state?.status ?? 'idle')}
      data-address={data?.accountAddress}
      data-chain={data?.chainId}
      data-expiry={data?.expirationTime}
      aria-live="polite"
    >
      {data
        ? `Signed in as ${data.accountAddress} on ${data.chainId}${data.expirationTime ? `, until ${data.expirationTime}` : ''}`
        : 'Not signed in'}
    </output>
  );
}

/** `swapToken`: the symbol the demo's swap button buys (the stack's dev token). */
export function App({ swapToken }: { readonly swapToken?: string | undefined } = {}) {
  const kernel = useKernel();
  const { network, networks, switchNetwork, namespace: activeNamespace } = useNetwork();
  // The account shown and acted on is the active namespace's; `anyAccount` is whichever is connected.
  const anyAccount = useAccount();
  const account = useAccount(activeNamespace ?? anyAccount.namespace);
  const [sign, setSign] = useState<Result>({ status: 'idle' });
  const [send, setSend] = useState<Result>({ status: 'idle' });
  const [switchError, setSwitchError] = useState<string | undefined>();
  const [dark, setDark] = useState(() => document.body.dataset.theme === 'dark');

  const namespace = account.namespace;

  const onSign = useCallback(async () => {
    const address = account.address;
    if (!address) return;
    setSign({ status: 'pending' });
    try {
      const signature = await kernel.connection.signMessage(DEMO_MESSAGE, namespace);
      const verified = await verifySignature(namespace, address, DEMO_MESSAGE, signature);
      setSign({
        status: 'done',
        text: `${signature}\n${verified ? `Verified: signed by ${address}` : 'NOT verified: the signature does not match the account'}`,
        data: { signature, verified: String(verified), namespace, address },
      });
    } catch (err) {
      setSign({ status: 'error', text: errorText(err) });
    }
  }, [kernel, account.address, namespace]);

  const onSend = useCallback(async () => {
    const address = account.address;
    if (!address) return;
    setSend({ status: 'pending' });
    try {
      const { hash, to } = await demoSend(kernel, namespace, address);
      // the kernel reads the balance again itself: now, and (EVM) once the chain holds the transaction
      setSend({ status: 'done', text: hash, data: { hash, to, namespace } });
    } catch (err) {
      setSend({ status: 'error', text: errorText(err) });
    }
  }, [kernel, account.address, namespace]);

  const onSwitch = useCallback(
    async (target: (typeof networks)[number]) => {
      setSwitchError(undefined);
      try {
        await switchNetwork(target);
      } catch (err) {
        setSwitchError(errorText(err));
      }
    },
    [switchNetwork],
  );

  const toggleTheme = useCallback(() => {
    const next = !dark;
    setDark(next);
    document.body.dataset.theme = next ? 'dark' : 'light';
    kernel.theme.setThemeMode(next ? 'dark' : 'light');
  }, [dark, kernel]);

  const busy = sign.status === 'pending' || send.status === 'pending';

  return (
    <main>
      <header>
        <h1>Latchkey demo</h1>
        <div className="row">
          <NetworkButton />
          <ConnectButton />
        </div>
      </header>

      <section aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        <dl>
          <dt>Status</dt>
          <dd data-testid="account-status">{account.status}</dd>
          <dt>Address</dt>
          <dd data-testid="account-address">{account.address ?? 'Not connected'}</dd>
          <dt>Balance</dt>
          <dd data-testid="account-balance">
            {account.isConnected && account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : '—'}
          </dd>
          <dt>Wallet link</dt>
          <dd data-testid="account-link" data-state={account.isConnected ? (account.connectionLost ? 'lost' : 'live') : 'none'}>
            {account.isConnected ? (account.connectionLost ? 'Connection to the wallet lost: reconnecting…' : 'live') : '—'}
          </dd>
          <dt>Network</dt>
          <dd data-testid="network-name">{network?.name ?? '—'}</dd>
        </dl>
        {new URLSearchParams(location.search).has('siwx') ? (
          <>
            <h3>Sign-in</h3>
            <SignInSession />
          </>
        ) : null}
        {anyAccount.isConnected ? (
          <div className="row" style={{ marginTop: 12 }}>
            <button type="button" className="demo-button" onClick={() => void kernel.connection.disconnect()}>
              Disconnect
            </button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="network-title">
        <h2 id="network-title">Network</h2>
        <div className="row" role="group" aria-label="Switch network">
          {networks.map((n) => (
            <button
              key={n.caipNetworkId}
              type="button"
              className="demo-button"
              data-testid={`switch-${n.id}`}
              aria-pressed={network?.caipNetworkId === n.caipNetworkId}
              disabled={network?.caipNetworkId === n.caipNetworkId}
              onClick={() => void onSwitch(n)}
            >
              Switch to {n.name}
            </button>
          ))}
        </div>
        {switchError ? (
          <output data-testid="switch-result" data-status="error">
            {switchError}
          </output>
        ) : null}
      </section>

      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Try it</h2>
        <div className="row">
          <button type="button" className="demo-button" disabled={!account.isConnected || busy} onClick={() => void onSign()}>
            Sign message
          </button>
          <button type="button" className="demo-button" disabled={!account.isConnected || busy} onClick={() => void onSend()}>
            Send {SEND_LABEL[namespace] || 'tokens'}
          </button>
          {swapToken ? (
            <button type="button" className="demo-button" onClick={() => void kernel.modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: swapToken, amount: '0.1' } })}>
              {`Swap 0.1 ETH for ${swapToken}`}
            </button>
          ) : null}
          <button type="button" className="demo-button" aria-pressed={dark} onClick={toggleTheme}>
            Dark theme
          </button>
        </div>
        <ResultView id="sign-result" result={sign} />
        <ResultView id="send-result" result={send} />
      </section>
    </main>
  );
}
