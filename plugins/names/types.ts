/** The names plugin's contract: its service's interface and state, and its token (declared in ./di). Types only. */
import type { Observed } from 'latchkey';

export interface NamesConfig {
  /** The zone names are registered in (default 'reown.id', the hosted API's; the data service also serves 'latchkey.id'). */
  readonly zone?: string;
  /**
   * Also look names up on testnets. Off by default: docs/connection.md#account-sync skips the identity of a
   * testnet account (its profile name and image are cleared). A development stack whose only
   * chains are testnets turns it on.
   */
  readonly testnets?: boolean;
}

export type RegistrationStatus = 'idle' | 'signing' | 'registering' | 'error' | 'registered';

export interface AccountNamesState {
  readonly status: RegistrationStatus;
  /** The full name being (or last) registered. */
  readonly name: string | undefined;
  /** Why the last registration failed, as the visitor reads it. */
  readonly error: string | undefined;
}

export interface NameSuggestion {
  readonly name: string;
  readonly registered: boolean;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { AccountNames } from './di';
/** Account names: registration and the reverse lookup shown on the account. Token and interface share the name. */
export interface AccountNames extends Observed<AccountNamesState> {
  readonly zone: string;
  /**
   * Registers `<label>.<zone>` for the connected eip155 account: signs the message through the
   * wallet, registers it, shows RegisterAccountNameSuccess; on failure returns to
   * RegisterAccountName with the error. Resolves true when registered.
   */
  register(input: string): Promise<boolean>;
  /** Suggestions for a valid label (the name itself first, with whether it is taken). */
  suggest(input: string): Promise<readonly NameSuggestion[]>;
  /** Forgets the outcome of the last registration (not one under way). */
  reset(): void;
  /** Starts following the connected account (reverse lookup: name and avatar on the account). */
  start(): void;
  stop(): void;
}
