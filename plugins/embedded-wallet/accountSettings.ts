/**
 * The Settings view's account changes (docs/embedded-wallet.md#updating-the-e-mail): a new e-mail address (a code to the old
 * address, then one to the new) and the preferred account type, which reconnects the wallet.
 */
import { localText, type AccountType, type Store } from 'latchkey';
import { emailError } from './protocol/email';
import { EmbeddedWalletError } from './errors';
import type { EmbeddedWalletDeps, Emit } from './deps';
import type { LoginCache } from './loginCache';
import { messages } from './messages';
import { toChainNumber } from './requestParams';
import type { EmbeddedWalletState } from './types';
import type { UserSession } from './user';
import type { WalletFrame } from './walletFrame';

export class AccountSettings {
  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly frame: WalletFrame,
    private readonly cache: LoginCache,
    private readonly user: UserSession,
    private readonly emit: Emit,
  ) {}

  async updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'> {
    const invalid = emailError(email);
    if (invalid) throw new EmbeddedWalletError(invalid, { request: 'UPDATE_EMAIL' });
    const { action } = await this.frame.call('UPDATE_EMAIL', { email });
    this.cache.emailSent();
    return action;
  }

  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    await this.frame.call('UPDATE_EMAIL_PRIMARY_OTP', { otp: otp.trim() });
  }

  async updateEmailSecondaryOtp(otp: string): Promise<string> {
    const { newEmail } = await this.frame.call('UPDATE_EMAIL_SECONDARY_OTP', { otp: otp.trim() });
    this.cache.save(newEmail, undefined);
    const user = this.store.state.user;
    if (user) this.user.set({ ...user, email: newEmail });
    this.user.applyAccountDetails();
    return newEmail;
  }

  async setPreferredAccountType(type: AccountType): Promise<void> {
    try {
      await this.frame.call('SET_PREFERRED_ACCOUNT', { type });
    } catch (err) {
      this.k.snackbar.error((err as Error).message || localText(messages, 'snackSmartAccount'));
      throw err;
    }
    this.k.account.setPreferredAccountType('eip155', type);
    const before = this.store.state.user?.address;
    const user = await this.user.fetch(toChainNumber(this.store.state.user?.chainId), true);
    this.user.applyAccountDetails();
    if (before && user.address.toLowerCase() !== before.toLowerCase()) this.emit('accountsChanged', [user.address]);
  }
}
