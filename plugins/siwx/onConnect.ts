/**
 * Sign-in while a wallet connects (docs/account-features.md#sign-in-with-a-wallet-message): this
 * plugin's side of the kernel's `latchkey/signin` link. A connector that can have the wallet sign
 * in while it connects (WalletConnect's one-click auth) asks here for the message's fields and
 * hands back what the wallet signed; the sessions go through the configured provider's own
 * `addSession` (its verification, its storage) before the account connects, so the sign-in view
 * finds them and does not open.
 */
import { localText, type CaipNetworkId, type Events, type Snackbar } from 'latchkey';
import type { SignInOnConnect, SignInRequest, SignedInSession } from 'latchkey/signin';
import { SiwxNotEnabledError } from './errors';
import { messages } from './messages';
import { messageData } from './message';
import type { SiwxConfig } from './types';

export interface SignInOnConnectDeps {
  /** The configured provider (undefined: sign-in is off). */
  provider(): SiwxConfig | undefined;
  readonly snackbar: Snackbar;
  readonly events?: Events;
}

export class SignInOnConnectImpl implements SignInOnConnect {
  constructor(private readonly deps: SignInOnConnectDeps) {}

  async request(chainId: CaipNetworkId): Promise<SignInRequest | undefined> {
    const provider = this.deps.provider();
    if (!provider) return undefined;
    // The account is not known yet: the wallet names it in what it signs.
    const { accountAddress: _account, issuedAt: _issuedAt, ...fields } = messageData(await provider.createMessage({ chainId, accountAddress: '' }));
    return { ...fields, chainId };
  }

  async addSessions(sessions: readonly SignedInSession[]): Promise<void> {
    const provider = this.deps.provider();
    if (!provider) throw new SiwxNotEnabledError();
    const network = sessions[0]?.data.chainId;
    this.deps.snackbar.loading(localText(messages, 'snackAuthenticating'));
    try {
      for (const session of sessions) await provider.addSession(session);
      if (network) this.track('SIWX_AUTH_SUCCESS', network);
    } catch (err) {
      if (network) this.track('SIWX_AUTH_ERROR', network);
      throw err;
    } finally {
      this.deps.snackbar.hide();
    }
  }

  private track(event: string, network: CaipNetworkId): void {
    this.deps.events?.track({ type: 'track', event, properties: { network, isSmartAccount: false } });
  }
}
