/**
 * What a host app shows: the connect button, the connected account and its
 * balance, network switching, and two actions (sign a message, send 0.01 ETH)
 * whose results appear in elements with data-testid attributes, and a button that
 * opens the modal's Swap view with swap arguments.
 */
import { useCallback, useState } from 'react';
import { parseEther, verifyMessage, type Address, type Hex } from 'viem';
import { ConnectButton, NetworkButton, useAccount, useKernel, useNetwork } from '../../ui/react/index';

export const DEMO_MESSAGE = 'Hello from the Latchkey demo';

/** anvil's dev accounts #0 and #1: the demo sends between them. */
const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ANVIL_ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

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

/** `swapToken`: the symbol the demo's swap button buys (the stack's dev token). */
export function App({ swapToken }: { readonly swapToken?: string | undefined } = {}) {
  const kernel = useKernel();
  const account = useAccount();
  const { network, networks, switchNetwork } = useNetwork();
  const [sign, setSign] = useState<Result>({ status: 'idle' });
  const [send, setSend] = useState<Result>({ status: 'idle' });
  const [switchError, setSwitchError] = useState<string | undefined>();
  const [dark, setDark] = useState(() => document.body.dataset.theme === 'dark');

  const onSign = useCallback(async () => {
    if (!account.address) return;
    setSign({ status: 'pending' });
    try {
      const signature = await kernel.connection.signMessage(DEMO_MESSAGE);
      const verified = await verifyMessage({
        address: account.address as Address,
        message: DEMO_MESSAGE,
        signature: signature as Hex,
      });
      setSign({
        status: 'done',
        text: `${signature}\n${verified ? `Verified: signed by ${account.address}` : 'NOT verified: the signature does not match the account'}`,
        data: { signature, verified: String(verified) },
      });
    } catch (err) {
      setSign({ status: 'error', text: errorText(err) });
    }
  }, [kernel, account.address]);

  const onSend = useCallback(async () => {
    if (!account.address) return;
    setSend({ status: 'pending' });
    const to = account.address.toLowerCase() === ANVIL_ACCOUNT_1.toLowerCase() ? ANVIL_ACCOUNT_0 : ANVIL_ACCOUNT_1;
    try {
      const hash = await kernel.connection.sendTransaction({ to, value: parseEther('0.01') });
      setSend({ status: 'done', text: hash, data: { hash, to } });
      await kernel.connection.refreshBalance().catch(() => {});
    } catch (err) {
      setSend({ status: 'error', text: errorText(err) });
    }
  }, [kernel, account.address]);

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
          <dt>Network</dt>
          <dd data-testid="network-name">{network?.name ?? '—'}</dd>
        </dl>
        {account.isConnected ? (
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
            Send 0.01 ETH
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
