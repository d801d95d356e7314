import { act, fireEvent, render, screen } from '@testing-library/react';
import ConnectingExternal from './ConnectingExternal';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ConnectButton } from '../react/buttons';
import { renderView, settle, uiKernel } from '../testing/render';
import { injectedConnector } from '../../kernel/testing/fakeAdapter';
import { UserRejectedRequestError } from '../../kernel/errors/rpc';
import { LatchkeyError } from '../../kernel/errors/base';

describe('ConnectingExternal view', () => {
  it('declined: says so and Try again retries; success closes the modal', async () => {
    const t = uiKernel();
    t.adapter.script.connectError = new UserRejectedRequestError();
    render(
      <LatchkeyProvider kernel={t.kernel}>
        <ConnectButton />
      </LatchkeyProvider>,
    );
    await settle(); // kernel.start() done
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    fireEvent.click(screen.getByRole('button', { name: /^Test Wallet\b/ }));
    expect(t.kernel.router.state.view).toBe('ConnectingExternal');
    expect(await screen.findByText('Connection declined')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Test Wallet' })).toBeTruthy();
    const calls = () => t.adapter.calls.filter((c) => c.method === 'connect').length;
    expect(calls()).toBe(1);

    t.adapter.script.connectError = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(calls()).toBe(2);
    expect(t.kernel.account.get('eip155').status).toBe('connected');
    expect(t.kernel.modal.state.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus went back to the host's (now account) button.
    expect(document.activeElement?.getAttribute('data-lk-btn')).toBe('');
  });

  it("shows 'Continue in {name}' while the wallet is asked", () => {
    const { kernel } = uiKernel();
    jest.spyOn(kernel.connection, 'connect').mockReturnValue(new Promise(() => {}));
    renderView(kernel, ConnectingExternal, { connectorId: injectedConnector.id });
    expect(screen.getByRole('heading', { name: 'Continue in Test Wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('other errors show their short message and can be retried', async () => {
    const { kernel, adapter } = uiKernel();
    adapter.script.connectError = new LatchkeyError('Chain is not supported');
    renderView(kernel, ConnectingExternal, { connectorId: injectedConnector.id });
    expect(await screen.findByText('Chain is not supported')).toBeTruthy();
    expect(screen.getByText('Connection failed')).toBeTruthy();
    expect(screen.queryByText('Connection declined')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('opened directly, it starts the connection once', async () => {
    const { kernel } = uiKernel();
    const connect = jest.spyOn(kernel.connection, 'connect');
    const { rerender } = renderView(kernel, ConnectingExternal, { connectorId: injectedConnector.id });
    rerender(<ConnectingExternal kernel={kernel} data={{ connectorId: injectedConnector.id }} />);
    await settle();
    expect(connect).toHaveBeenCalledTimes(1);
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('a wallet answering 5000 counts as declined too', async () => {
    const { kernel, adapter } = uiKernel();
    adapter.script.connectError = Object.assign(new Error('User denied'), { code: 5000 });
    renderView(kernel, ConnectingExternal, { connectorId: injectedConnector.id });
    expect(await screen.findByText('Connection declined')).toBeTruthy();
    await act(async () => {});
  });
});
