/** The dapp's own components: wagmi hooks only (plus Latchkey's connect button). */
import { useState } from 'react';
import { parseEther } from 'viem';
import { useAccount, useChainId, useChains, useConnect, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain } from 'wagmi';
import { ConnectButton } from 'latchkey/react';

export const WAGMI_MESSAGE = 'Signed through wagmi, connected through Latchkey';

export function App() {
  const account = useAccount();
  const chainId = useChainId();
  const chains = useChains();
  const { connect, connectors, error: connectError } = useConnect();
  const { disconnect } = useDisconnect();
  const { switchChain, error: switchError } = useSwitchChain();
  const sign = useSignMessage();
  const send = useSendTransaction();
  const [to] = useState<`0x${string}`>('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');

  return (
    <main>
      <h1>Latchkey with wagmi</h1>
      <div className="row">
        <ConnectButton />
        {account.status === 'disconnected' ? (
          <button type="button" onClick={() => connect({ connector: connectors[0]! })}>
            Connect with wagmi
          </button>
        ) : account.status === 'connected' ? (
          <button type="button" onClick={() => disconnect()}>
            Disconnect with wagmi
          </button>
        ) : (
          <button type="button" disabled>
            Connecting…
          </button>
        )}
      </div>
      <section aria-label="wagmi state">
        <dl>
          <dt>useAccount().status</dt>
          <dd data-testid="wagmi-status">{account.status}</dd>
          <dt>address</dt>
          <dd data-testid="wagmi-address">{account.address ?? ''}</dd>
          <dt>connector</dt>
          <dd data-testid="wagmi-connector">{account.connector?.name ?? ''}</dd>
          <dt>useChainId()</dt>
          <dd data-testid="wagmi-chain">{account.chainId ?? chainId}</dd>
        </dl>
        {connectError ? <output data-testid="wagmi-connect-error">{connectError.name}</output> : null}
      </section>
      <section aria-label="wagmi actions">
        <div className="row">
          {chains.map((c) => (
            <button key={c.id} type="button" disabled={account.status !== 'connected'} onClick={() => switchChain({ chainId: c.id })}>
              {`Switch to ${c.name} with wagmi`}
            </button>
          ))}
          <button type="button" disabled={account.status !== 'connected'} onClick={() => sign.signMessage({ message: WAGMI_MESSAGE })}>
            Sign with wagmi
          </button>
          <button type="button" disabled={account.status !== 'connected'} onClick={() => send.sendTransaction({ to, value: parseEther('0.01') })}>
            Send 0.01 ETH with wagmi
          </button>
        </div>
        {switchError ? <output data-testid="wagmi-switch-error">{switchError.message}</output> : null}
        <output data-testid="wagmi-sign" data-status={sign.status} data-signature={sign.data ?? ''}>
          {sign.error ? sign.error.name : (sign.data ?? '')}
        </output>
        <output data-testid="wagmi-send" data-status={send.status} data-hash={send.data ?? ''}>
          {send.error ? send.error.name : (send.data ?? '')}
        </output>
      </section>
    </main>
  );
}
