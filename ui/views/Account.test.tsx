import { act, fireEvent, screen, within } from '@testing-library/react';
import Account from './Account';
import { ADDRESS, renderView, settle, uiKernel, viewPlugin } from '../testing/render';
import type { UiKernel } from '../kernel';

async function connect(kernel: UiKernel) {
  await act(async () => {
    kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' });
    kernel.account.setBalance('eip155', '9999.99999', 'ETH');
  });
}

const tabsPlugin = () =>
  viewPlugin(
    'portfolio',
    { TokensPanel: () => <p>token list</p>, ActivityPanel: () => <p>activity list</p> },
    {
      accountTabs: [
        { id: 'Activity', label: 'Activity', view: 'ActivityPanel', order: 30 },
        { id: 'Tokens', label: 'Tokens', view: 'TokensPanel', order: 10 },
      ],
    },
  );

describe('Account view', () => {
  it('shows the address (4 + 6), the balance (3 decimals) and the network, without tabs when none is contributed', async () => {
    const { kernel } = uiKernel();
    await connect(kernel);
    renderView(kernel, Account);
    expect(screen.getByRole('heading', { name: '0x12…345678' })).toBeTruthy();
    expect(screen.getByText('9999.999 ETH')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Network: Ethereum' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Wallet features' })).toBeNull();
  });

  it('shows the contributed tabs by their order, with their plugin panels', async () => {
    const plugin = tabsPlugin();
    const { kernel } = uiKernel({}, [plugin]);
    await connect(kernel);
    renderView(kernel, Account);
    const tabs = within(screen.getByRole('tablist', { name: 'Account' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tokens', 'Activity']);
    // each known tab with the set's icon before its text (decorative)
    expect(tabs.map((t) => t.querySelector('svg.lk-icon')?.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('token list')).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(kernel.account.get('eip155').currentTab).toBe(1);
    expect(await screen.findByText('activity list')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Activity' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Activity' }), { key: 'ArrowRight' }); // wraps
    expect(kernel.account.get('eip155').currentTab).toBe(0);
  });

  const featuresPlugin = () =>
    viewPlugin(
      'features',
      { SendView: () => null, SwapView: () => null, BookView: () => null },
      {
        walletFeatures: [
          { id: 'swaps', label: 'Swap', view: 'SwapView', flag: 'swaps' },
          { id: 'send', label: 'Send', view: 'SendView', flag: 'send' },
          { id: 'addressBook', label: 'Address book', view: 'BookView', order: 5 },
        ],
      },
    );

  it('wallet feature buttons are what plugins contribute, in walletFeaturesOrder, then by order', async () => {
    const { kernel } = uiKernel({ features: { walletFeaturesOrder: ['send', 'onramp', 'swaps'] } }, [featuresPlugin()]);
    await connect(kernel);
    renderView(kernel, Account);
    const group = screen.getByRole('group', { name: 'Wallet features' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Send', 'Swap', 'Address book']);
    fireEvent.click(within(group).getByRole('button', { name: 'Send' }));
    expect(kernel.router.state.view).toBe('SendView');
  });

  it('each feature button is an icon and its label, in one even row; the name is exactly the label (WCAG 2.5.3)', async () => {
    const { kernel } = uiKernel({}, [featuresPlugin()]);
    await connect(kernel);
    renderView(kernel, Account);
    const group = screen.getByRole('group', { name: 'Wallet features' });
    const buttons = within(group).getAllByRole('button');
    // one column per button (--lk-cols), so the row never wraps unevenly
    expect(group.style.getPropertyValue('--lk-cols')).toBe(String(buttons.length));
    for (const b of buttons) {
      const icon = b.querySelector('svg.lk-icon');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      expect(icon?.querySelector('path')?.getAttribute('d')).toBeTruthy();
    }
    // the set's icon for a known feature id, the generic one for a third party's
    const d = (name: string) => within(group).getByRole('button', { name }).querySelector('path')!.getAttribute('d');
    const { ICONS } = require('../icons/set') as typeof import('../icons/set');
    expect([d('Send'), d('Swap'), d('Address book')]).toEqual([ICONS.send.d, ICONS.swap.d, ICONS.plugin.d]);
  });

  it('past five features: four buttons and "More", whose menu opens the rest (arrows move, Escape returns to More)', async () => {
    const views = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((x) => [`${x}View`, () => null]));
    const plugin = viewPlugin('many', views, {
      walletFeatures: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((x, i) => ({ id: `f${x}`, label: `Feature ${x}`, view: `${x}View`, order: i })),
    });
    const { kernel } = uiKernel({}, [plugin]);
    await connect(kernel);
    renderView(kernel, Account);
    const group = screen.getByRole('group', { name: 'Wallet features' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Feature A', 'Feature B', 'Feature C', 'Feature D', 'More']);
    expect(group.style.getPropertyValue('--lk-cols')).toBe('5');
    const more = within(group).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'More' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Feature E', 'Feature F', 'Feature G']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(items[2]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    fireEvent.click(more);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Feature F' }));
    expect(kernel.router.state.view).toBe('FView');
  });

  it('a feature flag set to false hides its button; the default order is the spec one', async () => {
    const { kernel } = uiKernel({ features: { swaps: false } }, [featuresPlugin()]);
    await connect(kernel);
    renderView(kernel, Account);
    const group = screen.getByRole('group', { name: 'Wallet features' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Send', 'Address book']);
  });

  it('a contribution with connectorTypes shows only while the active connection is through such a connector', async () => {
    const plugin = viewPlugin(
      'settings',
      { SettingsView: () => null, WalletTab: () => <p>wallet tab</p> },
      {
        walletFeatures: [{ id: 'walletSettings', label: 'Settings', view: 'SettingsView', connectorTypes: ['AUTH'] }],
        accountTabs: [{ id: 'Wallet', label: 'Wallet', view: 'WalletTab', connectorTypes: ['AUTH'] }],
      },
    );
    const { kernel } = uiKernel({}, [plugin]);
    kernel.connectors.add({ id: 'io.test.wallet', name: 'Test', type: 'ANNOUNCED', chain: 'eip155', provider: {} });
    kernel.connectors.add({ id: 'ID_AUTH', name: 'Embedded', type: 'AUTH', chain: 'eip155', provider: {} });
    await connect(kernel);
    const view = renderView(kernel, Account);
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Wallet' })).toBeNull();
    await act(async () => {
      kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'ID_AUTH' });
    });
    view.rerender(<Account kernel={kernel} data={undefined} />);
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Wallet' })).toBeTruthy();
  });

  it('copies the address', async () => {
    const { kernel } = uiKernel();
    await connect(kernel);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView(kernel, Account);
    const copy = screen.getByRole('button', { name: 'Copy address' });
    // an icon button (44 px target, .lk-btn-icon) next to the address, with no visible text
    expect(copy.className).toContain('lk-btn-icon');
    expect(copy.textContent).toBe('');
    expect(copy.parentElement!.querySelector('h3')?.textContent).toBe('0x12…345678');
    fireEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    await settle();
    expect(kernel.snackbar.state.message).toBe('Address copied');
  });

  it('Disconnect disconnects and closes the modal', async () => {
    const { kernel } = uiKernel();
    act(() => void kernel.modal.open());
    await connect(kernel);
    const disconnect = jest.spyOn(kernel.connection, 'disconnect');
    renderView(kernel, Account);
    const button = screen.getByRole('button', { name: 'Disconnect' });
    expect(button.className).toContain('lk-btn-icon');
    expect(button.querySelector('svg.lk-icon')).toBeTruthy();
    fireEvent.click(button);
    await settle();
    expect(disconnect).toHaveBeenCalledWith('eip155');
    expect(kernel.modal.state.open).toBe(false);
  });

  it('the network button opens the network list', async () => {
    const { kernel } = uiKernel();
    await connect(kernel);
    renderView(kernel, Account);
    fireEvent.click(screen.getByRole('button', { name: 'Network: Ethereum' }));
    expect(kernel.router.state.view).toBe('Networks');
  });

  it('names the wallet it is connected with, with its icon', async () => {
    const { kernel } = uiKernel();
    await connect(kernel);
    renderView(kernel, Account);
    const chip = screen.getByTestId('connected-wallet');
    const wallet = kernel.connectors.get('io.test.wallet')!;
    expect(chip.textContent).toBe(`Connected with ${wallet.name}`);
    expect(chip.querySelector('img, [data-testid=wallet-image-fallback]')).toBeTruthy();
  });

  it("links the account on the network's block explorer; a hostile explorer URL gives no link", async () => {
    const { explorerUrl } = require('./Account') as typeof import('./Account');
    const explorer = { blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io/' } } };
    const t = uiKernel({
      networks: uiKernel().kernel.network.networks().map((n) => ({ ...n, ...explorer })),
    });
    await connect(t.kernel);
    renderView(t.kernel, Account);
    const link = screen.getByRole('link', { name: 'Block Explorer' });
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/address/${ADDRESS}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(explorerUrl({ status: 'connected', address: ADDRESS, addressExplorerUrl: 'https://x.example/a', allAccounts: [], currentTab: 0 }, undefined)).toBe(
      'https://x.example/a',
    );
    const hostile = uiKernel({
      networks: uiKernel().kernel.network.networks().map((n) => ({ ...n, blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)//' } } })),
    });
    await connect(hostile.kernel);
    const { container } = renderView(hostile.kernel, Account);
    expect(within(container).queryByRole('link')).toBeNull();
  });
});
