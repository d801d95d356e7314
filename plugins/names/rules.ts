/**
 * Account-name rules as plain functions (docs/account-features.md#names): the name field, the name's
 * zone, the registration message, and the ENSIP-11 coin type of a chain.
 */
import { LatchkeyError } from 'latchkey/errors';

/** The zone of registered names unless the plugin is given another (the hosted API's). */
export const DEFAULT_NAME_ZONE = 'reown.id';

/** docs/account-features.md#names: letters, digits and hyphen; at least 4 characters. */
export const NAME_MIN_LENGTH = 4;
/** A DNS label's limit (the data service refuses longer ones too). */
export const NAME_MAX_LENGTH = 63;

export const NAME_RULE_TEXT = {
  characters: 'Use letters, digits and hyphens only',
  tooShort: `At least ${NAME_MIN_LENGTH} characters`,
  tooLong: `At most ${NAME_MAX_LENGTH} characters`,
} as const;

/** The registration's own failures (the view shows them in the visitor's language; a server's reason passes as it came). */
export const NAME_FAILURE_TEXT = {
  signatureDeclined: 'Signature declined',
  connectEvm: 'Connect an EVM account to register a name',
} as const;

/** docs/account-features.md#names: a registration's chain id must be below 2^31. */
export class InvalidChainIdError extends LatchkeyError {
  override name = 'InvalidChainIdError';
  constructor(chainId: unknown) {
    super('Invalid chainId', { code: 'INVALID_CHAIN_ID', data: { chainId } });
  }
}

/** What the visitor typed, without the zone if they typed it too, trimmed. */
export function nameLabel(input: string, zone: string): string {
  const text = input.trim();
  const suffix = `.${zone}`;
  return text.toLowerCase().endsWith(suffix.toLowerCase()) ? text.slice(0, -suffix.length) : text;
}

/** The rule a label breaks (docs/account-features.md#names), or undefined when it is a valid name. */
export function nameIssue(label: string): string | undefined {
  if (!/^[A-Za-z0-9-]*$/.test(label)) return NAME_RULE_TEXT.characters;
  if (label.length < NAME_MIN_LENGTH) return NAME_RULE_TEXT.tooShort;
  if (label.length > NAME_MAX_LENGTH) return NAME_RULE_TEXT.tooLong;
  return undefined;
}

export function fullName(label: string, zone: string): string {
  return `${label.toLowerCase()}.${zone}`;
}

/**
 * The ENSIP-11 coin type of an EVM chain: 60 for Ethereum mainnet, `0x80000000 | chainId` for
 * the others. docs/account-features.md#names: the chain id must be below 2^31, else 'Invalid chainId'.
 */
export function coinTypeForChain(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 1 || chainId >= 0x80000000) throw new InvalidChainIdError(chainId);
  if (chainId === 1) return 60;
  return (0x80000000 | chainId) >>> 0;
}

/** docs/account-features.md#names: the signed registration message, `{ name, attributes, timestamp }` as JSON (timestamp in seconds). */
export function registrationMessage(name: string, nowMs: number, attributes: Readonly<Record<string, string>> = {}): string {
  return JSON.stringify({ name, attributes, timestamp: Math.floor(nowMs / 1000) });
}
