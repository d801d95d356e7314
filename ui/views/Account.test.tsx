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
    { AccountTokens: () => <p>token list</p>, AccountActivity: () => <p>activity list</p> },
    { accountTabs: ['Tokens', 'Activity'] },
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

  it('shows only the contributed tabs, in Tokens/NFTs/Activity order, with their plugin panels', async () => {
    const plugin = tabsPlugin();
    const { kernel } = uiKernel({}, [plugin]);
    await connect(kernel);
    renderView(kernel, Account);
    const tabs = within(screen.getByRole('tablist', { name: 'Account' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tokens', 'Activity']);
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

  it('wallet feature buttons need a plugin and the feature flag, and follow walletFeaturesOrder', async () => {
    const features = viewPlugin('features', { WalletSend: () => null, Swap: () => null }, { features: ['send', 'swaps'] });
    const { kernel } = uiKernel({ features: { send: true, swaps: true, onramp: true, walletFeaturesOrder: ['send', 'onramp', 'swaps'] } }, [
      features,
    ]);
    await connect(kernel);
    renderView(kernel, Account);
    const group = screen.getByRole('group', { name: 'Wallet features' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Send', 'Swap']);
    fireEvent.click(within(group).getByRole('button', { name: 'Send' }));
    expect(kernel.router.state.view).toBe('WalletSend');
  });

  it('copies the address', async () => {
    const { kernel } = uiKernel();
    await connect(kernel);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView(kernel, Account);
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
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
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
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
});
