import { act, fireEvent, screen, within } from '@testing-library/react';
import Connect from './Connect';
import { CONNECT_VIEW_WALLETS } from './WalletList';
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

describe('Connect view options', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => wallet(`io.w${i}`, `Wallet ${i}`, 'ANNOUNCED'));

  it('lists at most CONNECT_VIEW_WALLETS wallets and hands the rest to All Wallets', () => {
    const { kernel } = uiKernel();
    act(() => kernel.connectors.add(many(40)));
    renderView(kernel, Connect);
    const names = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(CONNECT_VIEW_WALLETS + 1);
    expect(names.at(-1)).toBe('All Wallets 35+');
  });

  it('enableWallets: false hides the wallet list', async () => {
    const { kernel } = uiKernel({ enableWallets: false }, [emailPlugin()]);
    renderView(kernel, Connect);
    expect(await screen.findByRole('form', { name: 'Email login' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
  });

  // emailShowWallets false is AppKit's older name for collapseWallets
  it.each([{ collapseWallets: true }, { emailShowWallets: false }])('%o folds the list into one button when another method is shown', async (features) => {
    const { kernel } = uiKernel({ features }, [emailPlugin()]);
    renderView(kernel, Connect);
    await screen.findByRole('form', { name: 'Email login' });
    const buttons = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Continue with a wallet']);
    fireEvent.click(buttons[0]!);
    expect(kernel.router.state.view).toBe('AllWallets');
  });

  it('shows the wallet guide unless enableWalletGuide is false', () => {
    const on = uiKernel();
    renderView(on.kernel, Connect);
    fireEvent.click(screen.getByRole('button', { name: 'Get a wallet' }));
    expect(on.kernel.router.state.view).toBe('AllWallets');
    const off = uiKernel({ enableWalletGuide: false });
    renderView(off.kernel, Connect);
    expect(screen.getAllByRole('button', { name: 'Get a wallet' })).toHaveLength(1);
  });

  it('links the terms and privacy policy, and drops a link that is not http(s)', () => {
    const { kernel } = uiKernel({ termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'javascript:alert(1)' });
    renderView(kernel, Connect);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('https://example.com/terms');
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it('legalCheckbox: every method, a plugin view included, is disabled until the box is ticked', async () => {
    const { kernel } = uiKernel(
      { termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'https://example.com/privacy', features: { legalCheckbox: true } },
      [viewPlugin('email', { EmailForm: () => <form aria-label="Email login"><button type="submit">Continue</button></form> }, { connectMethods: [{ id: 'email', view: 'EmailForm' }] })],
    );
    const connect = jest.spyOn(kernel.connection, 'connect');
    renderView(kernel, Connect);
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    const walletButton = screen.getByRole('button', { name: /^Test Wallet\b/ });
    expect((continueButton as HTMLButtonElement).matches(':disabled')).toBe(true);
    // A control disabled by its fieldset cannot be activated in a browser (jsdom still dispatches clicks).
    expect((walletButton as HTMLButtonElement).matches(':disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }));
    expect((continueButton as HTMLButtonElement).matches(':disabled')).toBe(false);
    fireEvent.click(walletButton);
    expect(connect).toHaveBeenCalled();
    await settle();
  });
});
