/**
 * The connector's EIP-1193 provider, answered by the embedded wallet (docs/embedded-wallet.md#requests-and-approvals): the
 * accounts and chain from the user, chain switches as reconnects, sign-out on revoke, safe methods
 * straight to the frame, not-safe ones through the approval surface, and the rest refused.
 */
import { localText, type Store } from 'latchkey';
import type { PayloadOf } from 'latchkey/plugins/embedded-wallet/protocol';
import { rpcSafety, RPC_METHOD_NOT_ALLOWED_MESSAGE } from './protocol/names';
import { CODES, EmbeddedWalletError } from './errors';
import type { ApprovalSurface } from './approvals';
import type { EmbeddedWalletDeps, Emit } from './deps';
import { messages } from './messages';
import { numberToHex, serializeParams, toChainNumber } from './requestParams';
import type { EmbeddedWalletState } from './types';
import type { UserSession } from './user';
import type { WalletFrame } from './walletFrame';

/** docs/embedded-wallet.md#requests-and-approvals: after an unlisted method, the UI message comes this much later. */
const NOT_ALLOWED_UI_DELAY_MS = 300;

export class Eip1193Bridge {
  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly frame: WalletFrame,
    private readonly user: UserSession,
    private readonly approvals: ApprovalSurface,
    private readonly emit: Emit,
  ) {}

  async request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown> {
    const { method, params } = args;
    switch (method) {
      case 'eth_requestAccounts': {
        const user = this.store.state.user ?? (await this.user.restore());
        if (!user) throw new EmbeddedWalletError('Log in with your e-mail or a social account first', { code: CODES.unauthorized });
        return [user.address];
      }
      case 'eth_accounts': {
        const user = this.store.state.user ?? (await this.user.restore());
        return user ? [user.address] : [];
      }
      case 'eth_chainId':
        return numberToHex(toChainNumber(this.store.state.user?.chainId) ?? this.frame.startChainId());
      case 'wallet_switchEthereumChain':
        return this.switchChain(params);
      case 'wallet_addEthereumChain':
        throw new EmbeddedWalletError('The embedded wallet cannot add chains', { code: CODES.unsupported });
      case 'wallet_revokePermissions': {
        // The EVM adapter's disconnect: revoking account access is signing out.
        const first = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined;
        if (first && typeof first === 'object' && 'eth_accounts' in first) {
          await this.user.signOut();
          return null;
        }
        break;
      }
      default:
        break;
    }
    const safety = rpcSafety(method);
    if (safety === 'notAllowed') return this.notAllowed(method);
    const user = this.store.state.user;
    if (!user) throw new EmbeddedWalletError('Not logged in', { code: CODES.unauthorized, request: 'RPC_REQUEST' });
    const chainId = toChainNumber(user.chainId);
    const payload: PayloadOf<'RPC_REQUEST'> = {
      method,
      ...(params !== undefined ? { params: serializeParams(params) } : {}),
      ...(chainId ? { chainId } : {}),
      chainNamespace: 'eip155',
    };
    if (safety === 'safe') return this.frame.call('RPC_REQUEST', payload);
    return this.approvals.request(payload);
  }

  /** docs/embedded-wallet.md#requests-and-approvals: refused; the modal opens, the error is logged; 300 ms later 'Action not allowed' and the open requests are rejected. */
  private notAllowed(method: string): never {
    if (!this.k.modal.state.open) void this.k.modal.open();
    console.error('[latchkey] RPC method not allowed', { method });
    setTimeout(() => {
      this.k.snackbar.error(localText(messages, 'snackNotAllowed'));
      this.frame.client?.abortNotSafe();
    }, NOT_ALLOWED_UI_DELAY_MS);
    throw new EmbeddedWalletError(RPC_METHOD_NOT_ALLOWED_MESSAGE, { code: CODES.unsupported, request: 'RPC_REQUEST' });
  }

  /**
   * docs/embedded-wallet.md#network-switch-and-account-type: on the embedded wallet a switch reconnects the wallet on the target chain
   * (GET_USER with that chain); on failure, a plain switch (SWITCH_NETWORK). A chain the wallet
   * cannot serve fails with 4902, and the adapter reports 'Chain is not supported'.
   */
  private async switchChain(params: unknown): Promise<null> {
    const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined;
    const target = toChainNumber(first?.chainId);
    if (!target) throw new EmbeddedWalletError('wallet_switchEthereumChain: Invalid input', { code: -32602 });
    if (!this.store.state.user) throw new EmbeddedWalletError('Not logged in', { code: CODES.unauthorized });
    try {
      await this.user.fetch(target, true);
    } catch {
      try {
        const { chainId } = await this.frame.call('SWITCH_NETWORK', { chainId: target });
        const user = this.store.state.user;
        if (user) this.user.set({ ...user, chainId: toChainNumber(chainId) ?? chainId });
      } catch (err) {
        throw new EmbeddedWalletError((err as Error).message || 'Chain is not supported', { code: CODES.unrecognizedChain, cause: err });
      }
    }
    this.emit('chainChanged', numberToHex(target));
    return null;
  }
}
