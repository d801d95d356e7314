/**
 * A SOL transfer (System Program `transfer`), built with @solana/web3.js. Imported by the
 * adapter only when SOL is sent, so connecting and signing never load web3.js.
 */
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';

export interface TransferParams {
  readonly from: string;
  readonly to: string;
  readonly lamports: bigint;
  /** A recent blockhash and the last block height it is valid for (getLatestBlockhash). */
  readonly blockhash: string;
  readonly lastValidBlockHeight: number;
}

/** The unsigned legacy transaction, fee paid by `from`, in wire format. */
export function buildTransfer(params: TransferParams): Uint8Array {
  const fromPubkey = new PublicKey(params.from);
  const tx = new Transaction({ feePayer: fromPubkey, blockhash: params.blockhash, lastValidBlockHeight: params.lastValidBlockHeight }).add(
    SystemProgram.transfer({ fromPubkey, toPubkey: new PublicKey(params.to), lamports: params.lamports }),
  );
  return new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}
