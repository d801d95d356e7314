/**
 * <latchkey-button> / <latchkey-network-button> and createLatchkey in jsdom, on a real kernel
 * with the test kit's fake eip155 adapter (no network): waiting for a kernel, attributes,
 * events, theme, cleanup, idempotent definition.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADDRESS, settle } from '../testing/render';
import { FakeAdapter, injectedConnector, testKernel, testAnvil, testMainnet } from '../../kernel/testing/fakeAdapter';
import { createLatchkey, defineLatchkeyElements, type Latchkey, type LatchkeyAccountDetail, type LatchkeyButtonElement } from './index';

/** The modals on the page: each mounted one portals into a <div data-latchkey-root> at the end of <body>. */
const modalRoots = () => document.querySelectorAll('[data-latchkey-root]').length;

const live: Latchkey[] = [];

/** createLatchkey with the test kit's fake adapter and in-memory storage. */
function latchkey(adapter = new FakeAdapter('eip155', { address: ADDRESS })): Latchkey {
  const { plugin, storage } = testKernel({}, { adapter });
  let lk!: Latchkey;
  act(() => {
    lk = createLatchkey({
      options: { projectId: 'element-test', networks: [testMainnet, testAnvil], features: { analytics: false } },
      plugins: [plugin],
      environment: { window: undefined, document: undefined, localStorage: storage, isMobile: () => false, fetch: () => Promise.reject(new Error('offline')) },
    });
  });
  lk.kernel.connectors.add(injectedConnector);
  live.push(lk);
  return lk;
}

function add<K extends 'latchkey-button' | 'latchkey-network-button'>(tag: K, attrs: Record<string, string> = {}, fallback?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (fallback) el.textContent = fallback;
  act(() => void document.body.appendChild(el));
  return el;
}

function events(el: HTMLElement) {
  const seen: { type: string; detail: LatchkeyAccountDetail }[] = [];
  for (const type of ['connected', 'disconnected'] as const) {
    el.addEventListener(type, (e) => seen.push({ type, detail: e.detail }));
  }
  return seen;
}

afterEach(async () => {
  await act(async () => {
    for (const lk of live.splice(0)) await lk.destroy();
    document.body.replaceChildren();
  });
  await settle();
});

it('defines both elements once: a second definition keeps the first classes', () => {
  expect(customElements.get('latchkey-button')).toBeUndefined();
  expect(defineLatchkeyElements()).toBe(true);
  const button = customElements.get('latchkey-button');
  const network = customElements.get('latchkey-network-button');
  expect(button).toBeDefined();
  expect(network).toBeDefined();
  expect(defineLatchkeyElements()).toBe(true);
  latchkey();
  expect(customElements.get('latchkey-button')).toBe(button);
  expect(customElements.get('latchkey-network-button')).toBe(network);
  // no registry (a server): nothing to define
  expect(defineLatchkeyElements(null as never)).toBe(false);
});

it('waits for createLatchkey (showing its own children), then renders the connect button and the modal opens from it', async () => {
  const el = add('latchkey-button', {}, 'Loading wallet…');
  const net = add('latchkey-network-button');
  expect(el.textContent).toBe('Loading wallet…');
  expect(el.kernel).toBeNull();
  const lk = latchkey();
  await settle();
  expect(el.kernel).toBe(lk.kernel);
  expect(net.kernel).toBe(lk.kernel);
  expect(el.textContent).not.toContain('Loading');
  expect(modalRoots()).toBe(1);
  const button = within(el).getByRole('button', { name: 'Connect Wallet' });
  expect(within(net).getByRole('button', { name: 'Ethereum' })).toBeTruthy();
  fireEvent.click(button);
  expect(lk.kernel.modal.state.open).toBe(true);
  expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
});

it('connects through the modal: `connected` with { address, namespace, chainId }, the address on the button; disconnect gives `disconnected`', async () => {
  const lk = latchkey();
  const el = add('latchkey-button');
  const seen = events(el);
  let bubbled = 0;
  document.body.addEventListener('connected', () => bubbled++, { once: true });
  await settle();
  fireEvent.click(within(el).getByRole('button', { name: 'Connect Wallet' }));
  fireEvent.click(await screen.findByRole('button', { name: /^Test Wallet\b/ }));
  await waitFor(() => expect(seen.map((e) => e.type)).toEqual(['connected']));
  expect(seen[0]!.detail).toEqual({ address: ADDRESS, namespace: 'eip155', chainId: 1 });
  expect(bubbled).toBe(1);
  await waitFor(() => expect(within(el).getByRole('button', { name: /0x12…345678/ })).toBeTruthy());
  expect(el.account).toEqual({ status: 'connected', address: ADDRESS, namespace: 'eip155', chainId: 1 });

  // a network switch is not a new connection
  await act(() => lk.kernel.network.switchNetwork(testAnvil));
  expect(seen).toHaveLength(1);
  expect(el.account?.chainId).toBe(31337);

  await act(() => lk.kernel.connection.disconnect());
  expect(seen.map((e) => e.type)).toEqual(['connected', 'disconnected']);
  expect(seen[1]!.detail).toEqual({ address: ADDRESS, namespace: 'eip155', chainId: 31337 });
  expect(within(el).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
});

it('an element added while an account shows reports it at once', async () => {
  const lk = latchkey();
  await settle();
  await act(async () => {
    lk.kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: injectedConnector.id });
  });
  const el = document.createElement('latchkey-button');
  const seen = events(el);
  act(() => void document.body.appendChild(el));
  expect(seen).toEqual([{ type: 'connected', detail: { address: ADDRESS, namespace: 'eip155', chainId: 1 } }]);
});

it('label and namespace attributes reach the button; properties reflect them; unknown values are ignored', async () => {
  latchkey();
  const el = add('latchkey-button', { label: 'Sign in with a wallet' });
  await settle();
  expect(within(el).getByRole('button', { name: 'Sign in with a wallet' })).toBeTruthy();
  act(() => void (el.label = 'Connect'));
  expect(el.getAttribute('label')).toBe('Connect');
  expect(within(el).getByRole('button', { name: 'Connect' })).toBeTruthy();
  act(() => void (el.label = null));
  expect(within(el).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  act(() => void (el.namespace = 'solana'));
  expect(el.getAttribute('namespace')).toBe('solana');
  expect(el.account?.namespace).toBe('solana');
  act(() => el.setAttribute('namespace', 'cosmos'));
  expect(el.namespace).toBeNull();
  expect(el.account?.namespace).toBe('eip155');
});

describe('theme attribute', () => {
  it('light / dark set the kernel theme (the modal and every button follow)', async () => {
    const lk = latchkey();
    const el = add('latchkey-button', { theme: 'dark' });
    const net = add('latchkey-network-button');
    await settle();
    expect(lk.kernel.theme.state.themeMode).toBe('dark');
    expect(within(el).getByRole('button').getAttribute('data-lk-theme')).toBe('dark');
    expect(within(net).getByRole('button').getAttribute('data-lk-theme')).toBe('dark');
    act(() => void (net.theme = 'light'));
    expect(lk.kernel.theme.state.themeMode).toBe('light');
    expect(within(el).getByRole('button').getAttribute('data-lk-theme')).toBe('light');
    act(() => el.setAttribute('theme', 'purple'));
    expect(el.theme).toBeNull();
    expect(lk.kernel.theme.state.themeMode).toBe('light');
  });

  it('auto follows prefers-color-scheme until the attribute changes or the element goes', async () => {
    const listeners = new Set<() => void>();
    const query = {
      matches: true,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    const matchMedia = jest.fn(() => query);
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      const lk = latchkey();
      const el = add('latchkey-button', { theme: 'auto' });
      await settle();
      expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
      expect(lk.kernel.theme.state.themeMode).toBe('dark');
      query.matches = false;
      act(() => listeners.forEach((fn) => fn()));
      expect(lk.kernel.theme.state.themeMode).toBe('light');
      act(() => el.setAttribute('theme', 'dark'));
      expect(listeners.size).toBe(0);
      act(() => el.setAttribute('theme', 'auto'));
      expect(listeners.size).toBe(1);
      el.remove();
      await settle();
      expect(listeners.size).toBe(0);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe('kernel property and cleanup', () => {
  it('renders with a kernel of its own, mounts its modal while on the page, and cleans up on removal', async () => {
    defineLatchkeyElements();
    const { kernel } = testKernel();
    const el = document.createElement('latchkey-button');
    el.kernel = kernel;
    const seen = events(el);
    act(() => void document.body.appendChild(el));
    await settle();
    expect(el.kernel).toBe(kernel);
    expect(modalRoots()).toBe(1);
    const container = el.querySelector('[data-latchkey-element]');
    expect(container?.querySelector('button')).toBeTruthy();

    // moved within the page: same root
    const other = document.createElement('div');
    document.body.appendChild(other);
    act(() => void other.appendChild(el));
    await settle();
    expect(el.querySelector('[data-latchkey-element]')).toBe(container);

    // removed: root unmounted, modal released, no more events
    el.remove();
    await settle();
    expect(container?.isConnected).toBe(false);
    expect(el.childElementCount).toBe(0);
    expect(modalRoots()).toBe(0);
    await act(async () => {
      kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: injectedConnector.id });
    });
    expect(seen).toEqual([]);

    // back on the page: renders again and reports what it shows
    act(() => void document.body.appendChild(el));
    await settle();
    expect(seen.map((e) => e.type)).toEqual(['connected']);
    expect(within(el).getByRole('button', { name: /0x12…345678/ })).toBeTruthy();
    await kernel.stop();
  });

  it('rejects a value that is not a kernel', () => {
    defineLatchkeyElements();
    const el = document.createElement('latchkey-button') as LatchkeyButtonElement;
    expect(() => {
      el.kernel = { modal: {} } as never;
    }).toThrow(new TypeError('<latchkey-button>.kernel must be a Latchkey kernel (createKernel\'s result) or null'));
  });

  it('destroy() unmounts the modal once no element uses it; elements fall back to an earlier createLatchkey', async () => {
    const first = latchkey();
    const second = latchkey();
    const el = add('latchkey-button');
    await settle();
    expect(el.kernel).toBe(second.kernel);
    await act(() => second.destroy());
    expect(el.kernel).toBe(first.kernel);
    expect(modalRoots()).toBe(1); // the first's
    expect(within(el).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    await act(() => first.destroy());
    expect(el.kernel).toBeNull();
    expect(modalRoots()).toBe(0);
    expect(el.querySelector('button')).toBeNull();
  });
});
