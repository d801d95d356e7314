import { act, fireEvent, screen } from '@testing-library/react';
import AllWallets from './AllWallets';
import { renderView, settle, uiKernel } from '../testing/render';

const custom = [
  { id: 'rainbowish', name: 'Rainbowish', homepage: 'https://rainbowish.example' },
  { id: 'noweb', name: 'Nowhere Wallet' },
  { id: 'dup', name: 'Test Wallet', homepage: 'https://dup.example' },
];

describe('AllWallets view', () => {
  it('lists announced and custom wallets; the search field is labelled and filters by name', () => {
    const { kernel } = uiKernel({ customWallets: custom });
    renderView(kernel, AllWallets);
    const search = screen.getByRole('searchbox', { name: 'Search wallet' });
    expect(screen.getByRole('button', { name: 'Test Wallet' })).toBeTruthy();
    expect(screen.getByText('Rainbowish')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'RAIN' } });
    expect(screen.queryByRole('button', { name: 'Test Wallet' })).toBeNull();
    expect(screen.getByText('Rainbowish')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('No wallet found');
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Test Wallet' })).toBeTruthy();
  });

  it("a wallet that is not installed shows 'Get' linking to where it can be had", () => {
    const { kernel } = uiKernel({ customWallets: custom });
    act(() =>
      kernel.connectors.add({ id: 'gone', name: 'Gone Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: false, installUrl: 'https://gone.example/get' }),
    );
    renderView(kernel, AllWallets);
    const get = screen.getByRole('link', { name: 'Get Rainbowish' });
    expect(get.getAttribute('href')).toBe('https://rainbowish.example');
    expect(get.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Get Gone Wallet' }).getAttribute('href')).toBe('https://gone.example/get');
    expect(screen.queryByRole('button', { name: 'Gone Wallet' })).toBeNull();
    expect(screen.getByText('Nowhere Wallet').parentElement!.textContent).toContain('Not installed');
  });

  it('does not list a custom wallet twice when the browser already announces it', () => {
    const { kernel } = uiKernel({ customWallets: custom });
    renderView(kernel, AllWallets);
    expect(screen.getAllByText('Test Wallet')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Get Test Wallet' })).toBeNull();
  });

  it('clicking an installed wallet connects it', async () => {
    const { kernel } = uiKernel();
    const connect = jest.spyOn(kernel.connection, 'connect');
    renderView(kernel, AllWallets);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Test Wallet' })));
    expect(kernel.router.state.view).toBe('ConnectingExternal');
    expect(connect).toHaveBeenCalledTimes(1);
    await settle();
  });
});
