import { act, fireEvent, screen } from '@testing-library/react';
import Networks from './Networks';
import UnsupportedChain from './UnsupportedChain';
import { ADDRESS, renderView, settle, uiKernel } from '../testing/render';
import { LatchkeyError } from '../../kernel/errors/base';

describe('Networks view', () => {
  it('lists every network and marks the active one with aria-current and a check mark (not a ring)', () => {
    const { kernel } = uiKernel();
    renderView(kernel, Networks);
    const active = screen.getByRole('button', { name: /^Ethereum\b/ });
    expect(active.getAttribute('aria-current')).toBe('true');
    expect(active.querySelectorAll('.lk-check')).toHaveLength(1);
    expect(active.querySelector('.lk-check')!.getAttribute('aria-hidden')).toBe('true');
    const other = screen.getByRole('button', { name: /^Anvil\b/ });
    expect(other.getAttribute('aria-current')).toBeNull();
    expect(other.querySelector('.lk-check')).toBeNull();
  });

  it("shows the bundled marks of well-known chains, a host's own image first", () => {
    const { CHAIN_ICONS } = require('../icons/chains') as typeof import('../icons/chains');
    const { kernel } = uiKernel();
    const { unmount } = renderView(kernel, Networks);
    const img = (name: RegExp) => screen.getByRole('button', { name }).querySelector('img')?.getAttribute('src');
    expect(img(/^Ethereum\b/)).toBe(CHAIN_ICONS.ethereum);
    expect(img(/^Anvil\b/)).toBe(CHAIN_ICONS.local);
    unmount();
    const own = uiKernel({ chainImages: { 31337: 'https://img.example/anvil.png' } });
    renderView(own.kernel, Networks);
    expect(img(/^Anvil\b/)).toBe('https://img.example/anvil.png');
  });

  it('marks the networks a wallet that limits them has not approved, and still lets the visitor ask for one', async () => {
    const { kernel, adapter } = uiKernel();
    act(() => kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' }));
    renderView(kernel, Networks);
    // a wallet that takes any network: no mark
    expect(screen.queryByText('Needs wallet approval')).toBeNull();
    act(() => {
      kernel.network.setApprovedNetworkIds('eip155', ['eip155:1']);
      kernel.network.setSupportsAllNetworks('eip155', false);
    });
    const anvil = screen.getByRole('button', { name: /^Anvil\b/ });
    expect(anvil.textContent).toContain('Needs wallet approval');
    expect(screen.getByRole('button', { name: /^Ethereum\b/ }).textContent).not.toContain('Needs wallet approval');
    fireEvent.click(anvil);
    await settle();
    expect(adapter.calls.some((c) => c.method === 'switchNetwork')).toBe(true);
  });

  it('choosing a network switches to it, then goes back', async () => {
    const { kernel } = uiKernel();
    act(() => {
      kernel.router.reset('Account');
      kernel.router.push('Networks');
    });
    const switchNetwork = jest.spyOn(kernel.network, 'switchNetwork');
    renderView(kernel, Networks);
    fireEvent.click(screen.getByRole('button', { name: /^Anvil\b/ }));
    await settle();
    expect(switchNetwork).toHaveBeenCalledWith(expect.objectContaining({ id: 31337 }));
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    expect(kernel.router.state.view).toBe('Account');
    expect(screen.getByRole('button', { name: /^Anvil\b/ }).getAttribute('aria-current')).toBe('true');
  });

  it("a failed switch through the wallet reports the kernel's message and stays", async () => {
    const { kernel, adapter } = uiKernel();
    act(() => kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' }));
    adapter.script.switchError = new LatchkeyError('Chain is not supported');
    act(() => void kernel.modal.open({ view: 'Networks' }));
    renderView(kernel, Networks);
    fireEvent.click(screen.getByRole('button', { name: /^Anvil\b/ }));
    await settle();
    expect(adapter.calls.some((c) => c.method === 'switchNetwork')).toBe(true);
    expect(kernel.snackbar.state).toMatchObject({ open: true, variant: 'error', message: 'Chain is not supported' });
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    expect(kernel.modal.state.open).toBe(true);
    expect(screen.getByRole('button', { name: /^Anvil\b/ }).hasAttribute('disabled')).toBe(false);
  });
});

describe('UnsupportedChain view', () => {
  it('explains the problem, lists the supported networks and switching closes the modal', async () => {
    const { kernel } = uiKernel();
    act(() => void kernel.modal.open({ view: 'UnsupportedChain' }));
    renderView(kernel, UnsupportedChain);
    expect(screen.getByText(/doesn’t support your current network/)).toBeTruthy();
    const switchNetwork = jest.spyOn(kernel.network, 'switchNetwork');
    fireEvent.click(screen.getByRole('button', { name: /^Anvil\b/ }));
    await settle();
    expect(switchNetwork).toHaveBeenCalledWith(expect.objectContaining({ id: 31337 }));
    expect(kernel.modal.state.open).toBe(false);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });
});

describe('Networks view: leaving while the wallet is asked', () => {
  it('does not navigate again when the user went Back before the switch finished', async () => {
    const { kernel } = uiKernel();
    act(() => {
      kernel.router.reset('Connect');
      kernel.router.push('Account');
      kernel.router.push('Networks');
    });
    let finish!: () => void;
    jest.spyOn(kernel.network, 'switchNetwork').mockReturnValue(new Promise<void>((r) => (finish = r)));
    renderView(kernel, Networks);
    fireEvent.click(screen.getByRole('button', { name: /^Anvil\b/ }));
    expect(screen.getByRole('status').textContent).toBe('Approve the network switch in your wallet.');
    act(() => kernel.router.goBack()); // the user leaves the list: Account
    await act(async () => finish());
    await settle();
    expect(kernel.router.state.view).toBe('Account');
    expect(kernel.router.state.history).toHaveLength(2);
  });
});

describe('Networks view: a switch waiting for the wallet (issue 8)', () => {
  it('shows "Continue in {wallet}" with Cancel; Cancel ends the wait without an error message and keeps the network', async () => {
    const { kernel, adapter } = uiKernel();
    act(() => kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet', walletInfo: { name: 'Phone Wallet' } }));
    adapter.switchNetwork = () => new Promise<void>(() => undefined); // the wallet never answers
    act(() => void kernel.modal.open({ view: 'Networks' }));
    renderView(kernel, Networks);
    fireEvent.click(screen.getByRole('button', { name: /^Anvil\b/ }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Continue in Phone Wallet: approve the switch to Anvil.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
    expect(screen.queryByTestId('network-switch-pending')).toBeNull();
    expect(kernel.snackbar.state.open).toBe(false);
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    expect(screen.getByRole('button', { name: /^Anvil\b/ }).hasAttribute('disabled')).toBe(false);
  });
});
