/**
 * Sign-in message text: EIP-4361 ("Sign-In with Ethereum") for eip155 and its CAIP-122
 * generalisation for Solana and Bitcoin, from one data shape. No dependencies: the provider
 * that builds messages loads before any chain library.
 */
import type { SiwxMessage, SiwxMessageData } from './types';

/** The account kind the first line names, per CAIP-2 namespace (CAIP-122). */
const ACCOUNT_KIND: Readonly<Record<string, string>> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin', polkadot: 'Polkadot' };

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonce of `length` alphanumeric characters (EIP-4361: at least 8), from the platform's CSPRNG. */
export function generateNonce(length = 16): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 62 symbols: reject the top of the byte range so each one is equally likely.
  let out = '';
  for (let i = 0; out.length < length; i++) {
    if (i >= bytes.length) {
      globalThis.crypto.getRandomValues(bytes);
      i = 0;
    }
    const b = bytes[i]!;
    if (b < 248) out += NONCE_ALPHABET[b % 62];
  }
  return out;
}

/** 'eip155:1' → ['eip155', '1']. */
export function splitChainId(chainId: string): [string, string] {
  const at = chainId.indexOf(':');
  return at < 0 ? [chainId, ''] : [chainId.slice(0, at), chainId.slice(at + 1)];
}

/**
 * The message text. Lines, in EIP-4361's order: "{domain} wants you to sign in with your
 * {Ethereum|Solana|Bitcoin} account:", the address, a blank line, the statement (and a blank
 * line) when there is one, then URI, Version, Chain ID (the CAIP-2 reference: the EIP-155
 * number for eip155), Nonce, Issued At, and the optional Expiration Time, Not Before,
 * Request ID and Resources.
 */
export function formatSiwxMessage(data: SiwxMessageData): string {
  const [namespace, reference] = splitChainId(data.chainId);
  const kind = ACCOUNT_KIND[namespace] ?? namespace;
  const lines = [`${data.domain} wants you to sign in with your ${kind} account:`, data.accountAddress, ''];
  if (data.statement) lines.push(data.statement, '');
  else lines.push('');
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${reference}`, `Nonce: ${data.nonce}`, `Issued At: ${data.issuedAt}`);
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`);
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`);
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`);
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** The data with its text as `toString()`. */
export function siwxMessage(data: SiwxMessageData): SiwxMessage {
  const text = formatSiwxMessage(data);
  return { ...data, toString: () => text };
}

/** Only the data fields of a message (drops `toString` and anything else), for storage and the wire. */
export function messageData(message: SiwxMessageData): SiwxMessageData {
  const d: Record<string, unknown> = {
    accountAddress: message.accountAddress,
    chainId: message.chainId,
    domain: message.domain,
    uri: message.uri,
    version: message.version,
    nonce: message.nonce,
    issuedAt: message.issuedAt,
  };
  for (const k of ['statement', 'expirationTime', 'notBefore', 'requestId'] as const) if (message[k] !== undefined) d[k] = message[k];
  if (message.resources !== undefined) d['resources'] = [...message.resources];
  return d as unknown as SiwxMessageData;
}

/** Bounds for data read back from storage or a backend: anything else is not a session. */
const MAX_FIELD = 2048;
const MAX_RESOURCES = 32;
/** A resource may be a ReCap (`urn:recap:` + base64 JSON of every method on every chain: one-click auth asks for one). */
const MAX_RESOURCE = 8192;
const isText = (v: unknown, max = MAX_FIELD): v is string => typeof v === 'string' && v.length <= max;
const isOptText = (v: unknown): boolean => v === undefined || isText(v);

/** Whether `v` has the shape of message data (types and sizes, not the signature). */
export function isMessageData(v: unknown): v is SiwxMessageData {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    isText(d['accountAddress'], 128) &&
    isText(d['chainId'], 128) &&
    /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(d['chainId'] as string) &&
    isText(d['domain'], 256) &&
    isText(d['uri']) &&
    d['version'] === '1' &&
    isText(d['nonce'], 128) &&
    /^[a-zA-Z0-9]{8,}$/.test(d['nonce'] as string) &&
    isText(d['issuedAt'], 64) &&
    isOptText(d['statement']) &&
    isOptText(d['expirationTime']) &&
    isOptText(d['notBefore']) &&
    isOptText(d['requestId']) &&
    (d['resources'] === undefined || (Array.isArray(d['resources']) && d['resources'].length <= MAX_RESOURCES && d['resources'].every((r) => isText(r, MAX_RESOURCE))))
  );
}

/** Whether `v` has the shape of a session (bounded sizes). */
export function isSession(v: unknown): v is import('./types').SiwxSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return isMessageData(s['data']) && isText(s['message'], 16_384) && isText(s['signature'], 16_384);
}

/** Whether the session is within its validity window at `now` (ms). Unparseable dates count as invalid. */
export function isCurrent(data: SiwxMessageData, now: number): boolean {
  if (data.expirationTime !== undefined) {
    const exp = Date.parse(data.expirationTime);
    if (!Number.isFinite(exp) || exp <= now) return false;
  }
  if (data.notBefore !== undefined) {
    const nbf = Date.parse(data.notBefore);
    if (!Number.isFinite(nbf) || nbf > now) return false;
  }
  return true;
}

/** Same account on the same chain (EVM addresses compare without case). */
export function sameAccount(data: SiwxMessageData, chainId: string, address: string): boolean {
  if (data.chainId !== chainId) return false;
  return chainId.startsWith('eip155:') ? data.accountAddress.toLowerCase() === address.toLowerCase() : data.accountAddress === address;
}
