import { act, fireEvent, render, screen } from '@testing-library/react';
import { WalletImage, IMAGE_PRELOAD_TIMEOUT_MS } from './WalletImage';
import { Snackbar } from './Snackbar';
import { AlertBanner } from './AlertBanner';
import { LoadingState } from './LoadingState';
import { ListItem } from './ListItem';
import { Link } from './Link';
import { uiKernel } from '../testing/render';

describe('WalletImage', () => {
  afterEach(() => jest.useRealTimers());

  it('falls back to initials when the image has not loaded within 2 s', () => {
    jest.useFakeTimers();
    const { container } = render(<WalletImage src="https://img.example/w.png" name="Meta Mask" />);
    expect(container.querySelector('img')).toBeTruthy();
    act(() => jest.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1));
    expect(container.querySelector('img')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('wallet-image-fallback').getAttribute('data-initials')).toBe('MM');
  });

  it('keeps an image that loaded in time', () => {
    jest.useFakeTimers();
    const { container } = render(<WalletImage src="https://img.example/w.png" name="Rabby" />);
    fireEvent.load(container.querySelector('img')!);
    act(() => jest.advanceTimersByTime(5000));
    expect(container.querySelector('img')?.className).not.toContain('lk-wimg-loading');
  });

  it('shows the fallback at once on error or without a source', () => {
    const { container, rerender } = render(<WalletImage src="https://img.example/broken.png" name="Zerion" />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('wallet-image-fallback').getAttribute('data-initials')).toBe('ZE');
    rerender(<WalletImage name="Trust Wallet" />);
    expect(screen.getByTestId('wallet-image-fallback').getAttribute('data-initials')).toBe('TW');
  });
});

describe('Snackbar and AlertBanner', () => {
  it('the snackbar is a polite live region showing the kernel message', async () => {
    const { kernel } = uiKernel();
    render(<Snackbar snackbar={kernel.snackbar} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => kernel.snackbar.error('Signature declined'));
    expect(region.textContent).toBe('Signature declined');
    expect(region.getAttribute('data-variant')).toBe('error');
  });

  it('the alert banner shows the current alert with role=alert and can be dismissed', () => {
    const { kernel } = uiKernel();
    render(<AlertBanner alerts={kernel.alerts} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void kernel.alerts.show({ key: 'x', shortMessage: 'Network Not Found', longMessage: 'Check the networks array', variant: 'error' }));
    expect(screen.getByRole('alert').textContent).toContain('Network Not Found');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoadingState and ListItem', () => {
  it('LoadingState is a busy status saying Loading…', () => {
    render(<LoadingState />);
    const s = screen.getByRole('status');
    expect(s.getAttribute('aria-busy')).toBe('true');
    expect(s.textContent).toBe('Loading…');
  });

  it('ListItem is a button named by its name and its visible tag', () => {
    const onClick = jest.fn();
    render(<ListItem name="Rabby" tag="Installed" onClick={onClick} />);
    const b = screen.getByRole('button', { name: 'Rabby Installed' });
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('initials', () => {
  it('skips punctuation and takes the first letters of two words', () => {
    const { initials } = require('../format') as typeof import('../format');
    expect(initials('Ethereum (local)')).toBe('EL');
    expect(initials('MetaMask')).toBe('ME');
    expect(initials('  ')).toBe('?');
  });
});

describe('URLs reach src and href only through sanitizeUrl', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', ' java\tscript:alert(1)'])(
    'WalletImage shows the initials tile for %s, never an <img>',
    (src) => {
      const { container } = render(<WalletImage src={src} name="Evil Wallet" />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByTestId('wallet-image-fallback').getAttribute('data-initials')).toBe('EW');
    },
  );

  it('an SVG data: icon is an <img> (its scripts never run there)', () => {
    const svg = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22%3E%3Cscript%3Ealert(1)%3C/script%3E%3C/svg%3E';
    const { container } = render(<WalletImage src={svg} name="Svg" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(svg);
    expect(container.querySelector('svg, script')).toBeNull();
  });

  it('Link renders nothing for a URL that is not http(s), and a safe link with noopener', () => {
    const { container, rerender } = render(<Link href="javascript:alert(1)">Block Explorer</Link>);
    expect(container.innerHTML).toBe('');
    rerender(<Link href="data:text/html,x">Block Explorer</Link>);
    expect(container.innerHTML).toBe('');
    rerender(<Link href="https://etherscan.io/address/0x1">Block Explorer</Link>);
    const a = screen.getByRole('link', { name: 'Block Explorer' });
    expect(a.getAttribute('href')).toBe('https://etherscan.io/address/0x1');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
