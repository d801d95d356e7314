import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { TokenButton, TokenChooser, type TokenOption } from './TokenChooser';
import { tokenMark } from '../icons/tokens';
import { ETHEREUM_MARK } from '../icons/chains';
import { monogram } from '../icons/svg';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const TOKENS: TokenOption[] = [
  { key: 'native', symbol: 'ETH', name: 'Ether', balance: '1.5', chainId: 'eip155:1' },
  { key: `${USDC}-USDC`, symbol: 'USDC', name: 'USD Coin', balance: '20', logoUri: 'https://tokens.example/usdc.png', chainId: 'eip155:1', address: `eip155:1:${USDC}` },
  { key: '0x1111111111111111111111111111111111111111-LKD', symbol: 'LKD', name: 'Latchkey Dev', chainId: 'eip155:1', address: 'eip155:1:0x1111111111111111111111111111111111111111' },
];

describe('the token chooser (latchkey/ui/tokens)', () => {
  it('lists each token with its mark, name and balance, every visible word in its name; searches by symbol, name or a pasted address', () => {
    const onPick = jest.fn();
    render(<TokenChooser tokens={TOKENS} onPick={onPick} onClose={() => {}} />);
    const group = screen.getByRole('dialog', { name: 'Select a token' });
    expect(within(group).getAllByRole('button', { name: /^(ETH|USDC|LKD)\b/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['ETH Ether 1.5', 'USDC USD Coin 20', 'LKD Latchkey Dev']);
    // a token without a logo shows its bundled mark (an image, not initials text): the native currency its network's
    const eth = within(group).getByRole('button', { name: 'ETH Ether 1.5' });
    expect(eth.querySelector('img')?.getAttribute('src')).toBe(ETHEREUM_MARK);
    // a logo that comes with the token first
    expect(within(group).getByRole('button', { name: 'USDC USD Coin 20' }).querySelector('img')?.getAttribute('src')).toBe('https://tokens.example/usdc.png');
    const search = within(group).getByRole('textbox', { name: 'Search tokens' });
    fireEvent.change(search, { target: { value: 'coin' } });
    expect(within(group).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['USDC USD Coin 20']);
    fireEvent.change(search, { target: { value: USDC.toLowerCase() } });
    expect(within(group).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(within(group).getByText('No tokens found')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'lkd' } });
    fireEvent.click(within(group).getByRole('button', { name: 'LKD Latchkey Dev' }));
    expect(onPick).toHaveBeenCalledWith(TOKENS[2]);
  });

  it("uses the caller's search when given one (Swap looks a pasted address up), and suggested picks named by symbol", async () => {
    const search = jest.fn(async (q: string) => TOKENS.filter((t) => t.symbol === q.toUpperCase()));
    const onClose = jest.fn();
    render(<TokenChooser tokens={TOKENS} suggested={[TOKENS[0]!]} search={search} onPick={() => {}} onClose={onClose} />);
    expect(within(screen.getByRole('group', { name: 'Suggested tokens' })).getByRole('button', { name: 'ETH' })).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByRole('textbox', { name: 'Search tokens' }), { target: { value: 'usdc' } }));
    expect(search).toHaveBeenLastCalledWith('usdc');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("a brand's mark only for the brand's own contract: a token that calls itself USDC elsewhere shows its monogram, in the rows and on the button", () => {
    const real = { key: 'real', symbol: 'USDC', name: 'USD Coin', chainId: 'eip155:1', address: USDC };
    const fake = { key: 'fake', symbol: 'USDC', name: 'USD Coin', chainId: 'eip155:1', address: '0x2222222222222222222222222222222222222222' };
    const moved = { key: 'moved', symbol: 'USDC', name: 'USD Coin', chainId: 'eip155:8453', address: USDC };
    const { unmount } = render(<TokenChooser tokens={[real, fake, moved]} suggested={[fake]} onPick={() => {}} onClose={() => {}} />);
    const srcs = screen.getAllByRole('listitem').map((li) => li.querySelector('img')?.getAttribute('src'));
    expect(srcs[0]).toBe(tokenMark(real));
    expect(srcs[0]).not.toBe(monogram('USDC'));
    expect(srcs.slice(1)).toEqual([monogram('USDC'), monogram('USDC')]);
    expect(within(screen.getByRole('group', { name: 'Suggested tokens' })).getByRole('button', { name: 'USDC' }).querySelector('img')?.getAttribute('src')).toBe(monogram('USDC'));
    unmount();
    const { rerender } = render(<TokenButton token={fake} onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'USDC' }).querySelector('img')?.getAttribute('src')).toBe(monogram('USDC'));
    rerender(<TokenButton token={real} onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'USDC' }).querySelector('img')?.getAttribute('src')).toBe(tokenMark(real));
  });

  it('Escape in the chooser closes it (as Cancel does) and goes no further: the modal around it stays open', () => {
    const onClose = jest.fn();
    const outer = jest.fn();
    render(
      <div onKeyDown={(e) => outer(e.key)}>
        <TokenChooser tokens={TOKENS} onPick={() => {}} onClose={onClose} />
      </div>,
    );
    const search = screen.getByRole('textbox', { name: 'Search tokens' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'a' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(within(screen.getByRole('list', { name: 'Tokens' })).getAllByRole('button')[0]!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(outer.mock.calls.flat()).toEqual(['a']);
  });

  it('the button is named by what it shows ("ETH", or "Select token"), its chevron and mark decorative', () => {
    const { rerender } = render(<TokenButton token={undefined} onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Select token' }).getAttribute('aria-haspopup')).toBe('dialog');
    rerender(<TokenButton token={TOKENS[0]} onClick={() => {}} />);
    const button = screen.getByRole('button', { name: 'ETH' });
    expect(button.querySelector('svg.lk-icon')?.getAttribute('aria-hidden')).toBe('true');
    rerender(
      <>
        <span id="l">Token</span>
        <TokenButton id="b" labelledBy="l" token={TOKENS[0]} detail="1.5" onClick={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Token ETH 1.5' })).toBeTruthy();
  });
});
