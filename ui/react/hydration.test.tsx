/**
 * Server rendering, then hydration in a browser whose storage holds a connection: the hydration
 * renders what the server rendered (no mismatch reported by React), and the stored connection
 * appears right after. With `initialState` (the cookie read on the server), the server's HTML
 * already holds the account button, and the hydration keeps it.
 */
import { TextEncoder } from 'node:util';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { LatchkeyProvider } from './LatchkeyProvider';
import { AccountButton, ConnectButton, NetworkButton } from './buttons';
import { useAccount } from './hooks';
import { FakeAdapter, MemoryStorage, testAnvil, testKernel } from '../../kernel/testing/fakeAdapter';
import type { Kernel, LatchkeyInitialState } from '../../kernel/index';
import { settle } from '../testing/render';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SHORT = '0xf3…b92266';

/** The page's kernel: the test wallet answers with ADDRESS on Anvil. */
const pageKernel = (storage?: MemoryStorage) =>
  testKernel({}, { storage, adapter: new FakeAdapter('eip155', { address: ADDRESS, chainId: testAnvil.id }) }).kernel;

/** A browser that stored a connection on Anvil (what a reload finds). */
function returningStorage(): MemoryStorage {
  const s = new MemoryStorage();
  const put = (k: string, v: string) => s.setItem(`@latchkey/${k}`, JSON.stringify({ v }));
  put('connectionStatus/eip155', 'connected');
  put('connectorId/eip155', 'io.test.wallet');
  put('address/eip155', ADDRESS);
  put('activeNetwork/eip155', testAnvil.caipNetworkId);
  put('activeNamespace', 'eip155');
  return s;
}

function Status() {
  const { status } = useAccount();
  return <output>{status}</output>;
}

const page = (kernel: Kernel, initialState?: LatchkeyInitialState) => (
  <LatchkeyProvider kernel={kernel} initialState={initialState}>
    <ConnectButton />
    <AccountButton />
    <NetworkButton />
    <Status />
  </LatchkeyProvider>
);

/** The server's HTML: a kernel with nothing stored (a server has no browser storage). */
function serverHtml(initialState?: LatchkeyInitialState): string {
  // react-dom/server's browser build (jsdom's export condition) needs TextEncoder, which jsdom lacks
  Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder });
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const { kernel } = testKernel();
  // jsdom's window is there during this server render, so the hooks chose useLayoutEffect, about
  // which React warns on a server (a real server has no window: useEffect). Anything else fails.
  const reported: string[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reported.push(args.map(String).join(' ')));
  try {
    return renderToString(page(kernel, initialState));
  } finally {
    error.mockRestore();
    expect(reported.filter((r) => !/useLayoutEffect does nothing on the server/.test(r))).toEqual([]);
  }
}

const roots: Root[] = [];
afterEach(async () => {
  await act(async () => roots.splice(0).forEach((r) => r.unmount()));
  document.body.innerHTML = '';
  await settle();
});

/** Hydrates `html` with `kernel` and lets the kernel start; returns the container and what React reported (mismatches). */
async function hydrate(html: string, kernel: Kernel, initialState?: LatchkeyInitialState) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const reported: string[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reported.push(args.map(String).join(' ')));
  try {
    await act(async () => {
      roots.push(hydrateRoot(container, page(kernel, initialState), { onRecoverableError: (e) => void reported.push(String(e)) }));
    });
    await settle();
  } finally {
    error.mockRestore();
  }
  return { container, reported };
}

describe('hydration', () => {
  it('a browser that stored a connection hydrates the server HTML without a mismatch, then shows the account', async () => {
    const html = serverHtml();
    expect(html).toContain('Connect Wallet');
    expect(html).toContain('Ethereum');
    const kernel = pageKernel(returningStorage());
    // the page's kernel restored the connection when it was created (before the first render)
    expect(kernel.account.get('eip155').status).toBe('connecting');
    const { container, reported } = await hydrate(html, kernel);
    expect(reported).toEqual([]);
    // after hydration: the stored connection, synced by kernel.start()
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: ADDRESS });
    expect(container.querySelector('output')!.textContent).toBe('connected');
    expect(container.textContent).toContain(SHORT);
    expect(container.textContent).toContain('Anvil');
    expect(container.textContent).not.toContain('Connect Wallet');
  });

  it('with the initial state read on the server, the server HTML already holds the account button and the hydration keeps it', async () => {
    const initialState: LatchkeyInitialState = {
      activeNamespace: 'eip155',
      networks: { eip155: testAnvil.caipNetworkId },
      connections: { eip155: { address: ADDRESS, connectorId: 'io.test.wallet' } },
    };
    const html = serverHtml(initialState);
    expect(html).toContain(SHORT);
    expect(html).toContain('aria-busy="true"'); // restoring: the account, busy until the wallet confirms
    expect(html).toContain('Anvil');
    expect(html).not.toContain('Connect Wallet');
    const kernel = pageKernel(returningStorage());
    const { container, reported } = await hydrate(html, kernel, initialState);
    expect(reported).toEqual([]);
    expect(container.querySelector('output')!.textContent).toBe('connected');
    expect(container.textContent).toContain(SHORT);
    expect(container.textContent).not.toContain('Connect Wallet');
  });

  it('a browser with nothing stored hydrates and stays disconnected', async () => {
    const html = serverHtml();
    const { container, reported } = await hydrate(html, pageKernel());
    expect(reported).toEqual([]);
    expect(container.querySelector('output')!.textContent).toBe('disconnected');
    expect(container.textContent).toContain('Connect Wallet');
  });

  it('without the provider\'s server snapshot, the same page is a mismatch (what the snapshot prevents)', async () => {
    const html = serverHtml();
    const kernel = pageKernel(returningStorage());
    // a kernel without serverState: the UI falls back to the current (restored) state
    const bare = new Proxy(kernel, { get: (t, p) => (p === 'serverState' ? undefined : Reflect.get(t, p)) });
    const { reported } = await hydrate(html, bare);
    expect(reported.join('\n')).toMatch(/hydrat|did not match/i);
  });
});
