/**
 * The e-mail login (docs/embedded-wallet.md#e-mail-login): a code or a device link sent to the address (once per
 * 30 s from this page), the wait for the device link, then the code, which finishes the login.
 */
import { emailError } from './protocol/email';
import { EmbeddedWalletError } from './errors';
import type { LoginCache } from './loginCache';
import type { EmailAction } from './types';
import type { UserSession } from './user';
import type { WalletFrame } from './walletFrame';

export class EmailLogin {
  constructor(
    private readonly frame: WalletFrame,
    private readonly cache: LoginCache,
    private readonly user: UserSession,
  ) {}

  async connectEmail(email: string): Promise<EmailAction> {
    const invalid = emailError(email);
    if (invalid) throw new EmbeddedWalletError(invalid, { request: 'CONNECT_EMAIL' });
    const wait = this.cache.emailCooldown();
    if (wait > 0) throw new EmbeddedWalletError(`Please try again after ${wait} seconds`, { request: 'CONNECT_EMAIL' });
    const { action } = await this.frame.call('CONNECT_EMAIL', { email });
    this.cache.emailSent();
    return action;
  }

  async connectDevice(): Promise<void> {
    await this.frame.call('CONNECT_DEVICE', undefined);
  }

  async connectOtp(otp: string): Promise<void> {
    await this.frame.call('CONNECT_OTP', { otp: otp.trim() });
    await this.user.finishLogin();
  }
}
