import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { LatchkeyProvider } from './LatchkeyProvider';
import { LatchkeyModal } from './LatchkeyModal';
import { AccountButton, ConnectButton, NetworkButton } from './buttons';
import { useAccount, useModal, useNetwork } from './hooks';
import { ADDRESS, renderInProvider, settle, uiKernel } from '../testing/render';
import type { UiKernel } from '../kernel';
import { truncateAddress } from '../format';

async function connect(kernel: UiKernel, balance = '1234.56789') {
  await settle(); // let kernel.start() (which restores stored connections) finish first
  await act(async () => {
    kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' });
    kernel.account.setBalance('eip155', balance, 'ETH');
  });
}

afterEach(settle);

describe('ConnectButton', () => {
  it('is a real button named exactly "Connect Wallet" that opens the modal synchronously', () => {
    const { kernel } = renderInProvider(<ConnectButton />);
    const button = screen.getByRole('button', { name: 'Connect Wallet' });
    expect(button.tagName).toBe('BUTTON');
    expect(kernel.modal.state.open).toBe(false);
    fireEvent.click(button);
    // No await between the click and these checks: the modal is open and in the DOM.
    expect(kernel.modal.state.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy();
  });

  it('renders the account button once connected', async () => {
    const { kernel } = renderInProvider(<ConnectButton />);
    await connect(kernel);
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
    expect(screen.getByRole('button', { name: /0x12…345678/ })).toBeTruthy();
  });

  it("shows the account's name and avatar (a reverse lookup) in place of the address once it has one", async () => {
    const { kernel } = renderInProvider(<ConnectButton />);
    await connect(kernel);
    act(() => kernel.account.setProfile('eip155', { name: 'alice.reown.id', image: 'https://avatars.test/alice.png' }));
    const button = screen.getByRole('button', { name: /alice\.reown\.id/ });
    expect(button.textContent).not.toContain('0x12…345678');
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://avatars.test/alice.png');
    act(() => kernel.account.setProfile('eip155', { name: null, image: 'javascript:alert(1)' }));
    expect(screen.getByRole('button', { name: /0x12…345678/ }).querySelector('img[src^="javascript"]')).toBeNull();
  });

  it('Custom gives render props and its open() opens the modal', async () => {
    const { kernel } = uiKernel();
    render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton.Custom>
          {(p) => (
            <button type="button" onClick={() => p.open()}>
              {p.isConnected ? `connected ${p.displayAddress} ${p.balance}` : `status ${p.status}`}
            </button>
          )}
        </ConnectButton.Custom>
      </LatchkeyProvider>,
    );
    const b = screen.getByRole('button', { name: 'status disconnected' });
    fireEvent.click(b);
    expect(kernel.modal.state.open).toBe(true);
    await connect(kernel, '0.5');
    expect(screen.getByRole('button', { name: 'connected 0x12…345678 0.5' })).toBeTruthy();
  });
});

describe('ConnectButton after a reload (issue 8: no "Connect Wallet" flicker once the address is known)', () => {
  it('a stored connection being restored shows the account (busy) from the first render, never "Connect Wallet"', async () => {
    const { MemoryStorage, testKernel } = await import('../../kernel/testing/fakeAdapter');
    const storage = new MemoryStorage();
    const first = testKernel({}, { storage });
    await first.kernel.connection.connect({ connectorId: 'io.test.wallet' });
    const { kernel } = testKernel({}, { storage });
    expect(kernel.account.get('eip155').status).toBe('connecting');
    const names: string[] = [];
    const { container } = render(
      <LatchkeyProvider kernel={kernel}>
        <ConnectButton />
      </LatchkeyProvider>,
    );
    const record = () => names.push(`${container.querySelector('button')!.textContent}|${container.querySelector('button')!.getAttribute('aria-busy')}`);
    record();
    await settle();
    record();
    expect(kernel.account.get('eip155').status).toBe('connected');
    const shown = truncateAddress('0x1111111111111111111111111111111111111111');
    expect(names[0]).toBe(`${shown}|true`); // restoring: the account, busy
    expect(names.at(-1)).toMatch(new RegExp(`${shown}\\|null$`)); // restored (the balance may be shown before it)
    expect(names.every((n) => !n.startsWith('Connect Wallet'))).toBe(true);
  });

  it('a fresh connect (no address yet) still reads "Connect Wallet" while the wallet is asked', async () => {
    const { kernel } = renderInProvider(<ConnectButton />);
    await settle();
    act(() => kernel.account.setStatus('eip155', 'connecting'));
    expect(screen.getByRole('button', { name: 'Connect Wallet' }).getAttribute('aria-busy')).toBe('true');
  });
});

describe('AccountButton', () => {
  it('shows the address cut to 4 + 6 characters and the balance cut to 3 decimals, and opens Account', async () => {
    const { kernel } = renderInProvider(<AccountButton />);
    expect(screen.queryByRole('button')).toBeNull(); // nothing while disconnected
    await connect(kernel, '1234.56789');
    const b = screen.getByRole('button', { name: '1234.567 ETH 0x12…345678' });
    expect(b.textContent).not.toContain(ADDRESS);
    fireEvent.click(b);
    expect(kernel.modal.state.open).toBe(true);
    expect(kernel.router.state.view).toBe('Account');
  });
});

describe('NetworkButton', () => {
  it('shows the active network and opens the network list', () => {
    const { kernel } = renderInProvider(<NetworkButton />);
    const name = kernel.network.state.activeNetwork?.name;
    expect(name).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(name!) }));
    expect(kernel.router.state.view).toBe('Networks');
    expect(kernel.modal.state.open).toBe(true);
  });
});

describe('NetworkButton icons and the modal header', () => {
  it('the network button shows the bundled mark of a well-known chain once its chunk loads', async () => {
    const { CHAIN_ICONS } = require('../icons/chains') as typeof import('../icons/chains');
    const { kernel } = renderInProvider(<NetworkButton />);
    await settle();
    const button = screen.getByRole('button', { name: /Ethereum/ });
    expect(button.querySelector('img')?.getAttribute('src')).toBe(CHAIN_ICONS.ethereum);
  });

  it('Back and Close are icon buttons named "Back" and "Close"', async () => {
    const { kernel } = renderInProvider(<span />);
    act(() => {
      void kernel.modal.open();
      kernel.router.push('AllWallets');
    });
    await settle();
    for (const name of ['Back', 'Close']) {
      const b = screen.getByRole('button', { name });
      expect(b.textContent).toBe('');
      expect(b.className).toContain('lk-btn-icon');
      expect(b.querySelector('[aria-hidden=true]')).toBeTruthy();
    }
  });
});

describe('LatchkeyProvider', () => {
  it('starts the kernel once, also under StrictMode', () => {
    const { kernel } = uiKernel();
    const start = jest.spyOn(kernel, 'start');
    const { unmount } = render(
      <StrictMode>
        <LatchkeyProvider kernel={kernel}>
          <span />
        </LatchkeyProvider>
      </StrictMode>,
    );
    expect(start).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('appends the modal root as the last child of body and removes it on unmount', () => {
    const { kernel, unmount } = renderInProvider(<span />);
    expect(document.body.lastElementChild?.hasAttribute('data-latchkey-root')).toBe(true);
    act(() => void kernel.modal.open());
    expect(document.body.lastElementChild?.querySelector('[role=dialog]')).toBeTruthy();
    unmount();
    expect(document.querySelector('[data-latchkey-root]')).toBeNull();
  });

  it('with disableAppend renders no portal; the host places <LatchkeyModal/>', () => {
    const { kernel } = uiKernel({ disableAppend: true });
    render(
      <LatchkeyProvider kernel={kernel}>
        <main id="host">
          <LatchkeyModal />
        </main>
      </LatchkeyProvider>,
    );
    expect(document.querySelector('[data-latchkey-root]')).toBeNull();
    act(() => void kernel.modal.open());
    expect(document.getElementById('host')!.querySelector('[role=dialog]')).toBeTruthy();
  });

  it('in embedded mode the modal is always shown inline, without a dialog role or a close button', () => {
    const { kernel } = renderInProvider(<LatchkeyModal />, uiKernel({ enableEmbedded: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('adds the base and the modal stylesheet once each (every rule under [data-lk]) and applies theme variables and mode to the modal root', async () => {
    const { kernel } = renderInProvider(<ConnectButton />, uiKernel({ themeMode: 'dark', themeVariables: { '--lk-z-index': 1234 } }));
    act(() => void kernel.modal.open());
    await settle(); // the modal's rules are a chunk of their own
    // jsdom has no constructable stylesheets: the fallback <style> elements (see ui/shell/styles.test.tsx for both paths).
    const sheets = ['#latchkey-base', '#latchkey-modal'].map((id) => document.querySelectorAll(id));
    for (const found of sheets) expect(found).toHaveLength(1);
    const css = sheets.map((found) => found[0]!.textContent!).join('\n').replace(/@keyframes[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
    const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((m) => m[1]!.trim()).filter((sel) => !sel.startsWith('@'));
    expect(selectors.length).toBeGreaterThan(30);
    for (const list of selectors) for (const sel of list.split(',')) expect(sel.trim()).toMatch(/^\[data-lk\]/);
    const root = document.querySelector<HTMLElement>('.lk-root')!;
    expect(root.getAttribute('data-lk-theme')).toBe('dark');
    expect(root.style.getPropertyValue('--lk-z-index')).toBe('1234');
    act(() => kernel.theme.setThemeMode('light'));
    expect(root.getAttribute('data-lk-theme')).toBe('light');
    act(() => kernel.theme.setThemeVariables({ '--lk-z-index': 77 }));
    expect(root.style.getPropertyValue('--lk-z-index')).toBe('77');
  });
});

describe('hooks', () => {
  function Probe() {
    const modal = useModal();
    const account = useAccount();
    const { network, networks, switchNetwork } = useNetwork();
    return (
      <div>
        <span data-testid="state">{`${modal.isOpen} ${account.isConnected} ${account.namespace} ${account.address ?? '-'} ${network?.name} ${networks.length}`}</span>
        <button type="button" onClick={() => modal.open({ view: 'AllWallets' })}>
          open
        </button>
        <button type="button" onClick={() => void switchNetwork(networks[1]!)}>
          switch
        </button>
      </div>
    );
  }

  it('useModal, useAccount and useNetwork follow the kernel', async () => {
    const { kernel } = renderInProvider(<Probe />);
    const state = () => screen.getByTestId('state').textContent;
    expect(state()).toBe('false false eip155 - Ethereum 2');
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(kernel.router.state.view).toBe('AllWallets');
    await connect(kernel);
    expect(state()).toBe(`true true eip155 ${ADDRESS} Ethereum 2`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'open', hidden: true })));
    const switchSpy = jest.spyOn(kernel.network, 'switchNetwork');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'switch', hidden: true })));
    expect(switchSpy).toHaveBeenCalledWith(expect.objectContaining({ name: 'Anvil' }));
  });

  it('useNetwork gives the switch waiting for the wallet and cancels it (issue 8: "Continue in {wallet}")', async () => {
    const { kernel, adapter } = uiKernel();
    adapter.switchNetwork = () => new Promise<void>(() => undefined); // the wallet never answers
    let api!: ReturnType<typeof useNetwork>;
    function Pending() {
      api = useNetwork();
      return <span data-testid="pending">{api.pendingSwitch ? `${api.pendingSwitch.walletName} → ${api.pendingSwitch.network.name}` : '-'}</span>;
    }
    render(
      <LatchkeyProvider kernel={kernel}>
        <Pending />
      </LatchkeyProvider>,
    );
    await connect(kernel);
    let outcome!: Promise<unknown>;
    await act(async () => {
      outcome = api.switchNetwork(api.networks[1]!).catch((e: unknown) => e);
    });
    expect(screen.getByTestId('pending').textContent).toBe('Test Wallet → Anvil');
    await act(async () => api.cancelSwitch());
    expect(await outcome).toMatchObject({ name: 'RequestAbortedError', details: 'The network switch was cancelled.' });
    expect(screen.getByTestId('pending').textContent).toBe('-');
    expect(api.network?.name).toBe('Ethereum');
  });

  it('useKernel outside the provider throws a clear error', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ConnectButton />)).toThrow('useKernel must be used inside <LatchkeyProvider>');
    spy.mockRestore();
  });
});

describe('ConnectButton focus', () => {
  it('keeps focus when a background connection turns it into the account button', async () => {
    const t = uiKernel();
    const { renderWithKernel } = require('../testing/render') as typeof import('../testing/render');
    renderWithKernel(t.kernel, <ConnectButton />);
    const button = screen.getByRole('button', { name: 'Connect Wallet' });
    button.focus();
    await connect(t.kernel);
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toContain('0x12…345678');
  });
});
