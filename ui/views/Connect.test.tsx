import { act, fireEvent, screen, within } from '@testing-library/react';
import Connect from './Connect';
import { renderView, settle, uiKernel, viewPlugin } from '../testing/render';
import { injectedConnector } from '../../kernel/testing/fakeAdapter';
import type { Connector } from '../../kernel/index';

const emailPlugin = () =>
  viewPlugin('email', { EmailForm: () => <form aria-label="Email login" /> }, { connectMethods: [{ id: 'email', view: 'EmailForm', flag: 'email' }] });

function follows(a: Element, b: Element): boolean {
  return (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

const wallet = (id: string, name: string, type: Connector['type'], extra: Partial<Connector> = {}): Connector => ({
  id,
  name,
  type,
  chain: 'eip155',
  provider: {},
  installed: true,
  info: { rdns: id },
  ...extra,
});

describe('Connect view', () => {
  it('puts wallets first when a usable browser wallet exists, then contributed methods', async () => {
    const { kernel } = uiKernel({}, [emailPlugin()]);
    renderView(kernel, Connect);
    const wallets = screen.getByRole('list', { name: 'Wallets' });
    const email = await screen.findByRole('form', { name: 'Email login' });
    expect(follows(wallets, email)).toBe(true);
  });

  it('keeps the default order (email before wallets) without a usable browser wallet', async () => {
    const { kernel } = uiKernel({}, [emailPlugin()]);
    act(() => kernel.connectors.remove(injectedConnector.id));
    renderView(kernel, Connect);
    const email = await screen.findByRole('form', { name: 'Email login' });
    expect(follows(email, await screen.findByRole('list', { name: 'Wallets' }))).toBe(true);
  });

  it('shows no e-mail or social method unless a plugin contributes it', () => {
    const { kernel } = uiKernel({ features: { email: true, socials: ['google'] } });
    renderView(kernel, Connect);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy();
  });

  it('hides a contributed method whose feature flag is false', () => {
    const { kernel } = uiKernel({ features: { email: false } }, [emailPlugin()]);
    renderView(kernel, Connect);
    expect(screen.queryByRole('form', { name: 'Email login' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('orders wallets by connector type order, recent first, and tags them', () => {
    const { kernel } = uiKernel();
    act(() => {
      kernel.connectors.add([
        wallet('ext', 'External One', 'EXTERNAL'),
        wallet('b', 'Bravo', 'ANNOUNCED'),
        wallet('c', 'Charlie', 'ANNOUNCED'),
        wallet('missing', 'Not Here', 'ANNOUNCED', { installed: false }),
      ]);
      kernel.connectors.addRecent({ id: 'c', name: 'Charlie', rdns: 'c' });
    });
    renderView(kernel, Connect);
    const list = screen.getByRole('list', { name: 'Wallets' });
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    // The visible tag is part of each button's accessible name.
    expect(names).toEqual(['Charlie Recent', 'Test Wallet Installed', 'Bravo Installed', 'External One', 'All Wallets']);
  });

  it('clicking a wallet goes to ConnectingExternal and starts the connection', async () => {
    const { kernel } = uiKernel();
    const connect = jest.spyOn(kernel.connection, 'connect');
    renderView(kernel, Connect);
    act(() => fireEvent.click(screen.getByRole('button', { name: /^Test Wallet\b/ })));
    expect(kernel.router.state.view).toBe('ConnectingExternal');
    expect(kernel.router.state.data).toEqual({ connectorId: injectedConnector.id, title: 'Test Wallet' });
    expect(connect).toHaveBeenCalledWith({ connectorId: injectedConnector.id });
    await settle();
  });

  it("'All Wallets' opens AllWallets, and is hidden when the feature is off", () => {
    const { kernel } = uiKernel();
    renderView(kernel, Connect);
    fireEvent.click(screen.getByRole('button', { name: 'All Wallets' }));
    expect(kernel.router.state.view).toBe('AllWallets');

    const off = uiKernel({ features: { allWallets: false } });
    renderView(off.kernel, Connect);
    expect(screen.getAllByRole('button', { name: 'All Wallets' })).toHaveLength(1);
  });

  it("'All Wallets' shows a grid tile, not initials", () => {
    const { kernel } = uiKernel();
    renderView(kernel, Connect);
    const all = screen.getByRole('button', { name: 'All Wallets' });
    expect(all.querySelector('.lk-grid')).toBeTruthy();
    expect(all.querySelector('[data-testid=wallet-image-fallback]')).toBeNull();
    expect(all.textContent).toBe('All Wallets');
  });
});
