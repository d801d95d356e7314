/**
 * Signature verification of sign-in sessions, loaded with the plugin's module:
 * - the message must be exactly the text its data gives (a stored session cannot claim
 *   another expiry than the one signed);
 * - eip155: an EOA's signature is recovered locally with viem; anything else (a contract
 *   account: ERC-1271, or one not deployed yet: ERC-6492) is checked through the chain, over
 *   the kernel's RPC transport for that network;
 * - solana: ed25519 over the message bytes (WebCrypto), the address being the public key;
 * - other namespaces (bip122: BIP-322): only with a verifier the host gives.
 */
import { createPublicClient, custom, isAddress, isHex, recoverMessageAddress, type Hex } from 'viem';
import { base58Decode } from 'latchkey/encoding';
import { formatSiwxMessage, isSession, splitChainId } from './message';
import type { SiwxSession } from './types';

interface Rpc {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

export type SessionVerifier = (session: SiwxSession) => Promise<boolean>;

export interface VerifyContext {
  /** The RPC of a CAIP-2 network, when the kernel knows it. */
  rpc(chainId: string): Rpc | undefined;
  /** Verifiers by namespace, replacing or adding to the built-in ones (e.g. bip122). */
  readonly verifiers?: Readonly<Record<string, SessionVerifier>>;
}

export async function verifySession(session: SiwxSession, context: VerifyContext): Promise<boolean> {
  if (!isSession(session) || formatSiwxMessage(session.data) !== session.message) return false;
  const [namespace] = splitChainId(session.data.chainId);
  const own = context.verifiers?.[namespace];
  if (own) return own(session).catch(() => false);
  if (namespace === 'eip155') return verifyEip155(session, context);
  if (namespace === 'solana') return verifySolana(session);
  return false;
}

async function verifyEip155(session: SiwxSession, context: VerifyContext): Promise<boolean> {
  const { accountAddress: address, chainId } = session.data;
  const signature = session.signature;
  if (!isAddress(address, { strict: false }) || !isHex(signature) || signature.length > 16_384) return false;
  if (signature.length === 132) {
    try {
      const signer = await recoverMessageAddress({ message: session.message, signature: signature as Hex });
      if (signer.toLowerCase() === address.toLowerCase()) return true;
    } catch {
      // not a plain ECDSA signature: the chain decides
    }
  }
  const rpc = context.rpc(chainId);
  if (!rpc) return false;
  const client = createPublicClient({ transport: custom({ request: ({ method, params }) => rpc.request({ method, params }) }) });
  try {
    return await client.verifyMessage({ address, message: session.message, signature: signature as Hex });
  } catch {
    return false;
  }
}

/** The bytes of a base58 text, or undefined when it is none (a session is stored data: it may hold anything). */
function base58Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return base58Decode(text);
  } catch {
    return undefined;
  }
}

async function verifySolana(session: SiwxSession): Promise<boolean> {
  const publicKey = base58Bytes(session.data.accountAddress);
  const signature = base58Bytes(session.signature);
  const subtle = globalThis.crypto?.subtle;
  if (publicKey?.length !== 32 || signature?.length !== 64 || !subtle) return false;
  try {
    const key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await subtle.verify({ name: 'Ed25519' }, key, signature, new TextEncoder().encode(session.message));
  } catch {
    return false;
  }
}
