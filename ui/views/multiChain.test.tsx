/**
 * Two namespaces connected at once (a multi-chain wallet): the Account view and the React
 * hooks show the active namespace's account, in its units, and follow a network switch; the
 * Networks view is one list across namespaces.
 */
import { act, screen, within } from '@testing-library/react';
import { solanaDevnet, bitcoinTestnet } from '../../kernel/networks';
import { testMainnet } from '../../kernel/testing/fakeAdapter';
import Account from './Account';
import Networks from './Networks';
import { ADDRESS, renderView, renderWithKernel, uiKernel } from '../testing/render';
import { useAccount } from '../react/hooks';
import { truncateAddress } from '../formatting';
import type { UiKernel } from '../kernel';

const SOL = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';

async function connectBoth(kernel: UiKernel) {
  await act(async () => {
    kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' });
    kernel.account.setBalance('eip155', '1.23456', 'ETH');
    kernel.account.setConnected('solana', { address: SOL, caipAddress: `${solanaDevnet.caipNetworkId}:${SOL}`, connectorId: 'wallet-standard:solana:test' });
    kernel.account.setBalance('solana', '99.989995', 'SOL');
    kernel.network.setActiveNetwork(testMainnet);
  });
}

function Probe() {
  const a = useAccount();
  return <p data-testid="probe">{`${a.namespace} ${a.address} ${a.balance} ${a.balanceSymbol}`}</p>;
}

describe('two namespaces connected', () => {
  it('the Account view and useAccount show the active namespace, in its units, and follow the switch', async () => {
    const { kernel } = uiKernel({ networks: [testMainnet, solanaDevnet, bitcoinTestnet] });
    await connectBoth(kernel);
    renderView(kernel, Account);
    renderWithKernel(kernel, <Probe />);
    expect(screen.getByText('1.234 ETH')).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe(`eip155 ${ADDRESS} 1.23456 ETH`);
    await act(async () => kernel.network.setActiveNetwork(solanaDevnet));
    expect(screen.getByRole('heading', { name: truncateAddress(SOL) })).toBeTruthy();
    expect(truncateAddress(SOL)).toBe('oeYf…A9kq96');
    expect(screen.getByText('99.989 SOL')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Network: Solana Devnet' })).toBeTruthy();
    expect(screen.getByTestId('probe').textContent).toBe(`solana ${SOL} 99.989995 SOL`);
    // the other namespace's account is kept
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: ADDRESS });
  });

  it('the Networks view lists every namespace in one list, the active one current', async () => {
    const { kernel } = uiKernel({ networks: [testMainnet, solanaDevnet, bitcoinTestnet] });
    await connectBoth(kernel);
    renderView(kernel, Networks);
    const list = screen.getByRole('list', { name: 'Networks' });
    const items = within(list).getAllByRole('button');
    // the name, then the 'Testnet' tag
    expect(items.map((b) => b.textContent)).toEqual(['Ethereum', 'Solana Devnet Testnet', 'Bitcoin Testnet Testnet']);
    expect(items[0]!.getAttribute('aria-current')).toBeTruthy();
    expect(items[1]!.getAttribute('aria-current')).toBeNull();
  });
});
