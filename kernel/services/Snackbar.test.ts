import { SNACKBAR_AUTO_CLOSE_MS, SNACKBAR_SWAP_DELAY_MS, SnackbarImpl } from './Snackbar';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SnackbarImpl', () => {
  it('uses the spec timings', () => {
    expect(SNACKBAR_SWAP_DELAY_MS).toBe(150);
    expect(SNACKBAR_AUTO_CLOSE_MS).toBeGreaterThan(0);
  });

  it('opens at once when nothing is open', () => {
    const s = new SnackbarImpl();
    s.success('Transaction started');
    expect(s.state).toMatchObject({ message: 'Transaction started', variant: 'success', open: true, autoClose: true });
  });

  it('auto-closes success and error after the auto-close time', () => {
    for (const variant of ['success', 'error'] as const) {
      const s = new SnackbarImpl();
      s[variant]('msg');
      jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 1);
      expect(s.state.open).toBe(true);
      jest.advanceTimersByTime(1);
      expect(s.state.open).toBe(false);
      expect(s.state.message).toBe('msg'); // kept for the exit animation
    }
  });

  it('does not auto-close loading, or when autoClose is false', () => {
    const s = new SnackbarImpl();
    s.loading('Authenticating...');
    expect(s.state.autoClose).toBe(false);
    jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS * 5);
    expect(s.state.open).toBe(true);
    const t = new SnackbarImpl();
    t.show('sticky', 'error', { autoClose: false, svg: { icon: 'warn', color: 'red' } });
    jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS * 5);
    expect(t.state).toMatchObject({ open: true, svg: { icon: 'warn', color: 'red' } });
  });

  it('replacing an open snackbar closes it, then opens the new one after exactly 150 ms', () => {
    const s = new SnackbarImpl();
    const log: string[] = [];
    s.state$.subscribe((st) => log.push(`${st.open ? 'open' : 'closed'}:${st.message}`));
    s.loading('Authenticating...');
    s.error('Signature declined');
    expect(s.state.open).toBe(false);
    expect(s.state.message).toBe('Authenticating...');
    jest.advanceTimersByTime(149);
    expect(s.state.open).toBe(false);
    jest.advanceTimersByTime(1);
    expect(s.state).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' });
    expect(log).toEqual(['closed:', 'open:Authenticating...', 'closed:Authenticating...', 'open:Signature declined']);
  });

  it('the replaced snackbar auto-close timer does not close the new one early', () => {
    const s = new SnackbarImpl();
    s.success('first');
    jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 10);
    s.success('second');
    jest.advanceTimersByTime(150);
    expect(s.state).toMatchObject({ open: true, message: 'second' });
    jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 1);
    expect(s.state.open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(s.state.open).toBe(false);
  });

  it('a show during the swap wait replaces the pending one without restarting the wait', () => {
    const s = new SnackbarImpl();
    s.success('a');
    s.success('b');
    jest.advanceTimersByTime(100);
    s.error('c');
    jest.advanceTimersByTime(50);
    expect(s.state).toMatchObject({ open: true, message: 'c', variant: 'error' });
  });

  it('hide closes and cancels a pending swap and the auto-close', () => {
    const s = new SnackbarImpl();
    s.success('a');
    s.success('b');
    s.hide();
    jest.advanceTimersByTime(1000);
    expect(s.state.open).toBe(false);
    expect(s.state.message).toBe('a');
    s.success('c');
    expect(s.state.open).toBe(true); // nothing open: shows at once
    s.hide();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('SnackbarImpl scopes (a snackbar bound to what raised it)', () => {
  it('carries the scope it was shown with; the shortcuts take one too', () => {
    const s = new SnackbarImpl();
    s.error('Failed to copy', { scope: 'visit-1' });
    expect(s.state).toMatchObject({ open: true, message: 'Failed to copy', variant: 'error', scope: 'visit-1' });
    s.hide();
    s.success('plain');
    expect(s.state.scope).toBeUndefined();
  });

  it('hide(scope) hides only a snackbar of that scope', () => {
    const s = new SnackbarImpl();
    s.success('Address copied', { scope: 'account' });
    s.hide('networks');
    expect(s.state.open).toBe(true);
    s.hide('account');
    expect(s.state).toMatchObject({ open: false, message: 'Address copied' });
    // Its auto-close timer is gone with it: a later one is not closed early.
    s.success('next');
    jest.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 1);
    expect(s.state).toMatchObject({ open: true, message: 'next' });
  });

  it('hide(scope) drops a replacement of that scope while it waits its 150 ms, and keeps one of another scope', () => {
    const s = new SnackbarImpl();
    s.loading('Authenticating...');
    s.error('Signature declined', { scope: 'siwx' });
    s.hide('siwx');
    jest.advanceTimersByTime(SNACKBAR_SWAP_DELAY_MS);
    expect(s.state).toMatchObject({ open: false, message: 'Authenticating...' });
    s.loading('again');
    s.error('other', { scope: 'account' });
    s.hide('siwx');
    jest.advanceTimersByTime(SNACKBAR_SWAP_DELAY_MS);
    expect(s.state).toMatchObject({ open: true, message: 'other', scope: 'account' });
  });
});
