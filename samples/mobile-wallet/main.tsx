/**
 * The sample mobile wallet page (served at /wallet/ by the local stack). Reads /config.json
 * for the relay and the chains, starts the walletkit wallet (wallet.ts) and renders its state.
 * A deep link `/wallet/?uri=wc:…` pairs at once.
 */
import { StrictMode, useEffect, useRef, useState, useSyncExternalStore, type ClipboardEvent, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { chainIdOf, pairingLinkFromSearch, parsePairingLink, type WalletChain } from './logic';
import { MobileWallet, type PendingProposal, type PendingRequest, type SessionView, type WalletState } from './wallet';

interface StackConfig {
  readonly chains: readonly WalletChain[];
  readonly relayUrl?: string;
}

async function loadConfig(): Promise<StackConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/config.json answered HTTP ${res.status}`);
  const config = (await res.json()) as StackConfig;
  if (!Array.isArray(config.chains) || config.chains.length === 0) throw new Error('/config.json lists no chains');
  if (!config.relayUrl) throw new Error('/config.json names no relayUrl: start the stack with `npm start`, which runs the local relay');
  return config;
}

const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

function chainLabel(caip: string, chains: readonly WalletChain[]): string {
  const id = chainIdOf(caip);
  const known = chains.find((c) => c.chainId === id);
  return known ? `${known.name} (${caip})` : caip;
}

function App({ wallet, initialLink }: { wallet: MobileWallet; initialLink?: string }) {
  const state = useSyncExternalStore(wallet.subscribe, () => wallet.state);
  return (
    <main data-status={state.status} data-relay={state.relay}>
      <header>
        <h1>Sample wallet</h1>
        <span className={`pill pill-${state.relay}`} role="status" aria-label={`Relay ${state.relay}`}>
          {state.status === 'starting'
            ? 'Starting…'
            : state.status === 'failed'
              ? 'Failed'
              : state.relay === 'idle'
                ? 'Relay: connects on pairing'
                : `Relay ${state.relay}`}
        </span>
      </header>
      {state.error ? (
        <p className="alert" role="alert">
          {state.error}
        </p>
      ) : null}
      {/* What needs an answer comes first: on a phone it is what the visitor came back for. */}
      {state.proposals.length > 0 ? (
        <section aria-labelledby="proposals-title">
          <h2 id="proposals-title">Connection requests</h2>
          {state.proposals.map((p) => (
            <ProposalCard key={p.id} proposal={p} wallet={wallet} chains={state.chains} />
          ))}
        </section>
      ) : null}
      {state.requests.length > 0 ? (
        <section aria-labelledby="requests-title">
          <h2 id="requests-title">Requests</h2>
          {state.requests.map((r) => (
            <RequestCard key={r.id} request={r} wallet={wallet} />
          ))}
        </section>
      ) : null}
      <AccountCard state={state} />
      <PairForm wallet={wallet} state={state} initialLink={initialLink} />
      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">Connected dapps</h2>
        {state.sessions.length === 0 ? <p className="muted">None yet.</p> : null}
        {state.sessions.map((s) => (
          <SessionCard key={s.topic} session={s} wallet={wallet} chains={state.chains} />
        ))}
      </section>
      <section aria-labelledby="log-title">
        <h2 id="log-title">Activity</h2>
        <ol className="log" aria-live="polite">
          {state.log.map((entry, i) => (
            <li key={`${entry.at}-${i}`} data-kind={entry.kind}>
              <time>{new Date(entry.at).toLocaleTimeString()}</time> {entry.text}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

function AccountCard({ state }: { state: WalletState }) {
  return (
    <section aria-labelledby="account-title" className="card">
      <h2 id="account-title">Account</h2>
      <p className="mono address" title={state.address}>
        {state.address}
      </p>
      <p className="hint">anvil’s first test account — a public development key, for local chains only.</p>
      <dl>
        {state.chains.map((c) => (
          <div key={c.chainId} className="row">
            <dt>{c.name}</dt>
            <dd>{state.balances[c.chainId] ?? '…'} ETH</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PairForm({ wallet, state, initialLink }: { wallet: MobileWallet; state: WalletState; initialLink?: string }) {
  const [link, setLink] = useState(initialLink ?? '');
  const [error, setError] = useState<string | undefined>();
  const ready = state.status === 'ready';

  const pair = async (text: string) => {
    const parsed = parsePairingLink(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    try {
      await wallet.pair(parsed.uri);
      setLink('');
    } catch (err) {
      setError(`Pairing failed: ${(err as Error).message}`);
    }
  };
  // A deep link pairs as soon as the wallet is ready (once).
  const deepLinkUsed = useRef(false);
  useEffect(() => {
    if (ready && initialLink && !deepLinkUsed.current) {
      deepLinkUsed.current = true;
      void pair(initialLink);
    }
  }, [ready]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void pair(link);
  };
  // Pasting a valid link pairs at once (one step fewer on a phone).
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = e.clipboardData.getData('text');
    if (ready && !link.trim() && parsePairingLink(text).ok) {
      e.preventDefault();
      setLink(text);
      void pair(text);
    }
  };

  return (
    <section aria-labelledby="pair-title" className="card">
      <h2 id="pair-title">Connect to a dapp</h2>
      <form onSubmit={onSubmit}>
        <label htmlFor="pairing-link">Pairing link</label>
        <textarea
          id="pairing-link"
          rows={3}
          value={link}
          placeholder="wc:…@2?relay-protocol=irn&symKey=…"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pair-error' : 'pair-hint'}
          onChange={(e) => setLink(e.target.value)}
          onPaste={onPaste}
        />
        <p id="pair-hint" className="hint">
          In the dapp, choose WalletConnect and “Copy link”, then paste it here.
        </p>
        {error ? (
          <p id="pair-error" className="alert" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="primary" disabled={!ready || state.pairing}>
          {state.pairing ? 'Pairing…' : 'Pair'}
        </button>
      </form>
    </section>
  );
}

function ProposalCard({ proposal, wallet, chains }: { proposal: PendingProposal; wallet: MobileWallet; chains: readonly WalletChain[] }) {
  const { summary, approval } = proposal;
  return (
    <article className="card" aria-label={`Connection request from ${summary.name}`}>
      <div className="dapp">
        {summary.icon ? <img src={summary.icon} alt="" width={40} height={40} /> : null}
        <div>
          <h3>{summary.name}</h3>
          <p className="mono url">{summary.url || '(no url)'}</p>
        </div>
      </div>
      {summary.description ? <p>{summary.description}</p> : null}
      <dl>
        <dt>Chains</dt>
        <dd>
          <ul>
            {summary.chains.map((c) => (
              <li key={c}>
                {chainLabel(c, chains)}
                {summary.requiredChains.includes(c) ? ' · required' : ''}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Methods</dt>
        <dd className="mono small">{summary.methods.join(', ') || '(none named)'}</dd>
        {proposal.signIns.length ? (
          <>
            <dt>Sign in</dt>
            <dd data-testid="proposal-sign-in">Approving also signs you in to {proposal.signIns.join(', ')} (one signature with this account)</dd>
          </>
        ) : null}
        <dt>Verify</dt>
        <dd>{proposal.validation === 'VALID' ? 'Verified domain' : `${proposal.validation} (not checked offline)`}</dd>
        {approval.ok ? (
          <>
            <dt>Approves</dt>
            <dd className="small">
              {shortAddress(approval.namespaces.eip155!.accounts[0]!.split(':')[2]!)} on{' '}
              {approval.namespaces.eip155!.chains.map((c) => chainLabel(c, chains)).join(', ')}
            </dd>
          </>
        ) : null}
      </dl>
      {approval.ok ? null : (
        <p className="alert" role="alert">
          {approval.reason}
        </p>
      )}
      <div className="actions">
        <button type="button" onClick={() => void wallet.rejectProposal(proposal.id)} disabled={proposal.busy}>
          Reject
        </button>
        <button type="button" className="primary" onClick={() => void wallet.approveProposal(proposal.id)} disabled={proposal.busy || !approval.ok}>
          Approve
        </button>
      </div>
    </article>
  );
}

function RequestCard({ request, wallet }: { request: PendingRequest; wallet: MobileWallet }) {
  const { summary } = request;
  return (
    <article className="card" aria-label={`${summary.title} for ${request.dapp}`} data-method={request.method}>
      <h3>{summary.title}</h3>
      <p className="muted small">
        {request.dapp} · <span className="mono">{request.method}</span> · {request.chainId}
      </p>
      <dl>
        {summary.rows.map(([label, value]) => (
          <div key={label} className="row">
            <dt>{label}</dt>
            <dd className="mono pre">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.problem ? (
        <p className="alert" role="alert">
          {summary.problem}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" onClick={() => void wallet.rejectRequest(request.id)} disabled={request.busy}>
          Reject
        </button>
        <button type="button" className="primary" onClick={() => void wallet.approveRequest(request.id)} disabled={request.busy || Boolean(summary.problem)}>
          {request.busy ? 'Working…' : 'Approve'}
        </button>
      </div>
    </article>
  );
}

function SessionCard({ session, wallet, chains }: { session: SessionView; wallet: MobileWallet; chains: readonly WalletChain[] }) {
  return (
    <article className="card" aria-label={`Session with ${session.name}`}>
      <h3>{session.name}</h3>
      <p className="mono url">{session.url}</p>
      <p className="small">
        Chains: {session.chains.map((c) => chainLabel(c, chains)).join(', ')}
        {session.activeChainId ? (
          <>
            <br />
            Active: {chainLabel(`eip155:${session.activeChainId}`, chains)}
          </>
        ) : null}
      </p>
      <div className="actions">
        <button type="button" className="danger" onClick={() => void wallet.disconnect(session.topic)} disabled={session.busy}>
          Disconnect
        </button>
      </div>
    </article>
  );
}

async function main() {
  const root = createRoot(document.getElementById('root')!);
  let config: StackConfig;
  try {
    config = await loadConfig();
  } catch (err) {
    root.render(
      <main data-status="failed">
        <h1>Sample wallet</h1>
        <p className="alert" role="alert">
          {(err as Error).message}
        </p>
      </main>,
    );
    return;
  }
  const wallet = new MobileWallet({
    relayUrl: config.relayUrl!,
    chains: config.chains,
    // `?verify=hosted` keeps walletkit's hosted Verify (slow offline; see README).
    hostedVerify: new URLSearchParams(location.search).get('verify') === 'hosted',
  });
  // A deep link: take the link out of the address bar, so a reload does not pair twice.
  const deepLink = pairingLinkFromSearch(location.search);
  if (deepLink) history.replaceState(null, '', location.pathname);
  (window as unknown as { __sampleWallet: MobileWallet }).__sampleWallet = wallet;
  root.render(
    <StrictMode>
      <App wallet={wallet} initialLink={deepLink} />
    </StrictMode>,
  );
  await wallet.start();
}

void main();
