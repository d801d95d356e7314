/**
 * The demo's signature check, the way each chain does it (EVM: ecrecover through viem; Solana:
 * ed25519 over the message bytes with the address as the public key; Bitcoin: BIP-322 simple).
 * Loaded by ./chains.ts on the first check.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64 } from '@scure/base';
import { verifyMessage, type Address, type Hex } from 'viem';
import type { ChainNamespace } from 'latchkey';
import { verifyBip322Simple } from '../dev-wallet/testing/btcVerify';

/** True when `signature` is `address`'s signature of `message` in `namespace`. */
export async function verifySignature(namespace: ChainNamespace, address: string, message: string, signature: string): Promise<boolean> {
  const bytes = new TextEncoder().encode(message);
  try {
    switch (namespace) {
      case 'eip155':
        return await verifyMessage({ address: address as Address, message, signature: signature as Hex });
      case 'solana':
        return ed25519.verify(base58.decode(signature), bytes, base58.decode(address));
      case 'bip122':
        return verifyBip322Simple(address, bytes, base64.decode(signature));
      default:
        return false;
    }
  } catch {
    return false;
  }
}
