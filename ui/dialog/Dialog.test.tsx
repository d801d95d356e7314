import { act, fireEvent, render, screen } from '@testing-library/react';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ConnectButton, NetworkButton } from '../react/buttons';
import { ADDRESS, settle, uiKernel } from '../testing/render';
import { truncateAddress } from '../format';
import { Dialog, restoreTarget } from './Dialog';

/** The Connect Wallet button clicked (with focus on it), the dialog rendered; `frame`: and the next animation frame passed. */
async function setup({ frame = true } = {}) {
  const t = uiKernel();
  render(
    <LatchkeyProvider kernel={t.kernel}>
      <button type="button">Before</button>
      <ConnectButton />
    </LatchkeyProvider>,
  );
  await settle(); // kernel.start() finishes
  const opener = screen.getByRole('button', { name: 'Connect Wallet' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog');
  if (frame) await nextFrame(); // focus moves in at the next animation frame
  return { ...t, opener, dialog };
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const focusable = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>('button:not([disabled]),a[href],input,[tabindex]:not([tabindex="-1"])')];

describe('Dialog (through the modal shell)', () => {
  it('is a modal dialog named by its title', async () => {
    const { dialog } = await setup();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Connect Wallet');
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog);
  });

  it('moves focus inside on open, at the next animation frame (no forced layout inside the opening commit)', async () => {
    const { opener, dialog } = await setup({ frame: false });
    expect(document.activeElement).toBe(opener); // not yet: the opening render is not interrupted
    await nextFrame();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(focusable(dialog)[0]);
  });

  it('wraps Tab from the last control to the first and Shift+Tab from the first to the last', async () => {
    const { dialog } = await setup();
    const items = focusable(dialog);
    expect(items.length).toBeGreaterThan(1);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('does not interfere with Tab between inner controls', async () => {
    const { dialog } = await setup();
    const items = focusable(dialog);
    items[0]!.focus();
    const notPrevented = fireEvent.keyDown(items[0]!, { key: 'Tab' });
    expect(notPrevented).toBe(true); // the browser moves focus itself
    expect(document.activeElement).toBe(items[0]);
  });

  it('pulls focus that escapes back inside', async () => {
    const { dialog } = await setup();
    screen.getByRole('button', { name: 'Before', hidden: true }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('lets focus go into an element laid over it from outside and marked as a part of it (the wallet frame over ApproveTransaction)', async () => {
    const { dialog } = await setup();
    const part = document.createElement('div');
    part.setAttribute('data-lk-modal-part', '');
    const inner = document.createElement('button');
    inner.textContent = 'Approve';
    part.append(inner);
    document.body.append(part);
    try {
      inner.focus();
      expect(document.activeElement).toBe(inner);
      // anything else outside is still pulled back
      screen.getByRole('button', { name: 'Before', hidden: true }).focus();
      expect(dialog.contains(document.activeElement)).toBe(true);
    } finally {
      part.remove();
    }
  });

  it('keeps focus inside when the focused control disappears on navigation', async () => {
    const { dialog } = await setup();
    const wallet = screen.getByRole('button', { name: 'All Wallets' });
    wallet.focus();
    fireEvent.click(wallet); // Connect view (and this button) is replaced by AllWallets
    await screen.findByRole('searchbox', { name: 'Search wallet' });
    expect(document.activeElement).not.toBe(document.body);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes through the kernel and restores focus to the opener', async () => {
    const { kernel, dialog, opener } = await setup();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(kernel.modal.state.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape with a close guard keeps the modal open and shakes the card', async () => {
    const { kernel, dialog } = await setup();
    jest.useFakeTimers();
    try {
      kernel.modal.addCloseGuard(() => false);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(kernel.modal.state.open).toBe(true);
      expect(screen.getByRole('dialog').hasAttribute('data-shake')).toBe(true);
      act(() => jest.advanceTimersByTime(500));
      expect(screen.getByRole('dialog').hasAttribute('data-shake')).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('the Close button and a click on the backdrop close the modal', async () => {
    const { kernel } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(kernel.modal.state.open).toBe(false);
    act(() => void kernel.modal.open());
    fireEvent.click(screen.getByTestId('lk-backdrop'));
    expect(kernel.modal.state.open).toBe(false);
  });

  it('locks page scroll while open and restores it after', async () => {
    document.body.style.overflow = 'scroll';
    const { kernel } = await setup();
    expect(document.body.style.overflow).toBe('hidden');
    act(() => kernel.modal.close());
    expect(document.body.style.overflow).toBe('scroll');
    document.body.style.overflow = '';
  });

  it('every button inside has an accessible name', async () => {
    const { dialog } = await setup();
    for (const b of dialog.querySelectorAll('button')) {
      const name = b.getAttribute('aria-label') ?? b.textContent ?? '';
      expect(name.trim()).not.toBe('');
    }
  });

  it('focuses the dialog itself when it holds nothing focusable, and Tab keeps focus there', async () => {
    const onClose = jest.fn();
    render(
      <Dialog labelledBy="t" onRequestClose={onClose}>
        <h2 id="t">Empty</h2>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Empty' });
    await nextFrame();
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Dialog: focus is never lost while open', () => {
  async function openConnected(view: 'Networks' | 'Account') {
    const t = uiKernel();
    render(
      <LatchkeyProvider kernel={t.kernel}>
        <ConnectButton />
      </LatchkeyProvider>,
    );
    await settle();
    act(() => t.kernel.account.setConnected('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, connectorId: 'io.test.wallet' }));
    act(() => void t.kernel.modal.open({ view }));
    await nextFrame();
    return { ...t, dialog: screen.getByRole('dialog') };
  }

  it('a focused control that gets disabled (network list while the wallet is asked) hands focus to the dialog; Escape still closes', async () => {
    const { kernel, dialog } = await openConnected('Networks');
    // The wallet never answers: the list stays disabled.
    jest.spyOn(kernel.network, 'switchNetwork').mockReturnValue(new Promise(() => {}));
    const anvil = screen.getByRole('button', { name: /^Anvil\b/ });
    anvil.focus();
    await act(async () => {
      fireEvent.click(anvil);
      await Promise.resolve();
    });
    expect(anvil.hasAttribute('disabled')).toBe(true);
    // Browsers blur a disabled control (focus falls to <body>); the dialog takes focus first.
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(kernel.modal.state.open).toBe(false);
  });

  it('Escape pressed while focus is on <body> still closes the dialog', async () => {
    const { kernel } = await openConnected('Account');
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(kernel.modal.state.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Tab pressed while focus is on <body> goes into the dialog (Shift+Tab to its last control)', async () => {
    const { dialog } = await openConnected('Account');
    const items = focusable(dialog);
    (document.activeElement as HTMLElement).blur();
    expect(fireEvent.keyDown(document.body, { key: 'Tab' })).toBe(false); // handled
    expect(document.activeElement).toBe(items[0]);
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(items[items.length - 1]);
  });

  it('a blur with nowhere to go is taken back by the dialog', async () => {
    const { dialog } = await openConnected('Account');
    jest.useFakeTimers();
    try {
      (document.activeElement as HTMLElement).blur();
      expect(document.activeElement).toBe(document.body);
      act(() => jest.runOnlyPendingTimers());
      expect(document.activeElement).toBe(dialog);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves keys alone once closed', async () => {
    const { kernel } = await openConnected('Account');
    act(() => kernel.modal.close());
    const close = jest.spyOn(kernel.modal, 'close');
    expect(fireEvent.keyDown(document.body, { key: 'Escape' })).toBe(true);
    expect(fireEvent.keyDown(document.body, { key: 'Tab' })).toBe(true);
    expect(close).not.toHaveBeenCalled();
  });
});

describe('Dialog: focus on close goes back to the opener or what replaced it', () => {
  it('after connecting, to the account button that replaced "Connect Wallet" (not another host button)', async () => {
    const t = uiKernel();
    render(
      <LatchkeyProvider kernel={t.kernel}>
        <div>
          <NetworkButton />
          <ConnectButton />
        </div>
      </LatchkeyProvider>,
    );
    await settle();
    const opener = screen.getByRole('button', { name: 'Connect Wallet' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: /^Test Wallet\b/ }));
    await settle();
    expect(t.kernel.modal.state.open).toBe(false);
    // ConnectButton keeps its element when it becomes the account button, so focus returns to it.
    const active = document.activeElement as HTMLElement;
    expect(active).toBe(opener);
    expect(active.getAttribute('data-lk-btn')).toBe('');
    expect(active.textContent).toContain(truncateAddress(t.adapter.script.address ?? '0x1111111111111111111111111111111111111111'));
  });

  it('restoreTarget: the opener when still there; else the focusable element in its place; else a host button', () => {
    document.body.innerHTML = '<div id="row"><button id="a" data-lk-btn>A</button><button id="b">B</button></div><p>x</p>';
    const row = document.getElementById('row')!;
    const b = document.getElementById('b') as HTMLElement;
    const slot = { parent: row, index: 1 };
    expect(restoreTarget(document, b, slot)).toBe(b);
    b.remove();
    const replacement = document.createElement('button');
    row.append(replacement);
    expect(restoreTarget(document, b, slot)).toBe(replacement);
    replacement.disabled = true;
    expect(restoreTarget(document, b, slot)).toBe(document.getElementById('a'));
    // the connect / account button before another host button (the network button comes first in the demo's header)
    const network = document.createElement('button');
    network.setAttribute('data-lk-btn', 'network');
    document.body.prepend(network);
    expect(restoreTarget(document, document.body, undefined)).toBe(document.getElementById('a'));
    row.remove();
    expect(restoreTarget(document, b, slot)).toBe(network);
    network.remove();
    expect(restoreTarget(document, b, slot)).toBeNull();
    document.body.innerHTML = '';
  });
});
