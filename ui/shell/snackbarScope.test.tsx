/**
 * Snackbars belong to the modal visit (one view of one open session) that raised them:
 * shown there, above the body (covering no control), and gone when the visitor navigates
 * away or closes the modal; a late answer is never shown in another view or session.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ADDRESS, settle, uiKernel } from '../testing/render';
import { LatchkeyError } from '../../kernel/errors/base';
import { SNACKBAR_SWAP_DELAY_MS } from '../../kernel/services/Snackbar';

afterEach(settle);

function renderModal(t = uiKernel()) {
  render(
    <LatchkeyProvider kernel={t.kernel}>
      <span />
    </LatchkeyProvider>,
  );
  return t;
}

async function connected(t: ReturnType<typeof uiKernel>) {
  await settle();
  await act(async () => t.kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' }));
}

const snackbar = () => document.querySelector<HTMLElement>('.lk-snackbar')!;

describe('snackbars bound to the view that raised them', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.resolve() }, configurable: true });
  });

  it('"Address copied" shows above the body, not over its controls, and goes when the visitor navigates away', async () => {
    const t = renderModal();
    await connected(t);
    act(() => void t.kernel.modal.open({ view: 'Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Copy address' }));
    await settle();
    expect(snackbar().textContent).toBe('Address copied');
    expect(snackbar().hasAttribute('data-open')).toBe(true);
    // In the flow, before the body: nothing of the view is under it.
    const body = dialog.querySelector('.lk-body')!;
    expect(body.contains(snackbar())).toBe(false);
    expect(snackbar().compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /^Network: / }));
    await screen.findByRole('list', { name: 'Networks' });
    expect(t.kernel.snackbar.state.open).toBe(false);
    expect(snackbar().textContent).toBe('');
  });

  it('closing the modal hides its snackbar; a rejection that arrives after the close is not shown in the next session', async () => {
    const t = renderModal();
    await connected(t);
    let reject!: (e: unknown) => void;
    jest.spyOn(t.kernel.network, 'switchNetwork').mockReturnValue(new Promise<void>((_, r) => (reject = r)));
    act(() => void t.kernel.modal.open({ view: 'Networks' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Anvil\b/ }));
    act(() => t.kernel.modal.close());
    await act(async () => reject(new LatchkeyError('Chain is not supported')));
    await settle();
    act(() => void t.kernel.modal.open({ view: 'Networks' }));
    await screen.findByRole('list', { name: 'Networks' });
    await settle();
    expect(snackbar().textContent).toBe('');
    expect(t.kernel.snackbar.state.open).toBe(false);
  });

  it("a late answer for a view the visitor left is not shown in the next view (the view's scope)", async () => {
    const t = renderModal();
    await connected(t);
    let reject!: (e: unknown) => void;
    jest.spyOn(t.kernel.network, 'switchNetwork').mockReturnValue(new Promise<void>((_, r) => (reject = r)));
    act(() => {
      t.kernel.modal.open({ view: 'Account' });
      t.kernel.router.push('Networks');
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Anvil\b/ }));
    act(() => t.kernel.router.goBack()); // back to Account while the wallet is asked
    await screen.findByRole('button', { name: 'Disconnect' });
    await act(async () => reject(new LatchkeyError('Chain is not supported')));
    await settle();
    expect(snackbar().textContent).toBe('');
    expect(t.kernel.snackbar.state.open).toBe(false);
  });

  it('the same failure shows while the visitor stays on the view', async () => {
    const t = renderModal();
    await connected(t);
    t.adapter.script.switchError = new LatchkeyError('Chain is not supported');
    act(() => void t.kernel.modal.open({ view: 'Networks' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Anvil\b/ }));
    await settle();
    expect(snackbar().textContent).toBe('Chain is not supported');
    expect(snackbar().getAttribute('data-variant')).toBe('error');
  });

  it("an unscoped snackbar (a plugin's) belongs to the view during which it opened, or to the one its step navigates to; one raised while closed never shows", async () => {
    jest.useFakeTimers();
    try {
      const t = renderModal();
      await act(async () => jest.advanceTimersByTimeAsync(100)); // the modal's chunk loads when the page is idle
      act(() => t.kernel.snackbar.success('raised while closed'));
      await act(async () => jest.advanceTimersByTimeAsync(0));
      expect(t.kernel.snackbar.state.open).toBe(false);
      act(() => void t.kernel.modal.open());
      expect(snackbar().textContent).toBe('');

      act(() => t.kernel.snackbar.success('Link copied'));
      expect(snackbar().textContent).toBe('Link copied');
      await act(async () => {}); // the visitor navigates later, in another task
      act(() => t.kernel.router.push('AllWallets'));
      expect(t.kernel.snackbar.state.open).toBe(false);
      // The outcome of a step that navigates in the same task goes with the visitor to the view it lands on.
      act(() => {
        t.kernel.snackbar.success('Transaction started');
        t.kernel.router.reset('Connect');
      });
      expect(snackbar().textContent).toBe('Transaction started');
      await act(async () => {});
      act(() => t.kernel.router.push('AllWallets'));
      expect(t.kernel.snackbar.state.open).toBe(false);
      // The swap rule (docs/modal.md#snackbars) still holds: replacing an open one closes it, the new one shows 150 ms later.
      act(() => t.kernel.snackbar.error('first'));
      act(() => t.kernel.snackbar.error('second'));
      expect(snackbar().textContent).toBe('');
      await act(async () => jest.advanceTimersByTimeAsync(SNACKBAR_SWAP_DELAY_MS));
      expect(snackbar().textContent).toBe('second');
    } finally {
      jest.useRealTimers();
    }
  });
});
