/**
 * The PSBT the Bitcoin dev wallet's signing tests ask it to sign (standardWallets.e2e, the bitcoin
 * plugin's tests/integration/chains/bitcoin.int): one P2WPKH output of the payment account
 * (120,000 sat, input 0) and one P2TR output of the ordinals account (10,000 sat, input 1), spent
 * to a testnet address (125,000 sat). With it: the same transaction as btcVerify reads it (`plain`)
 * and input 0's BIP-143 script code.
 */
import { hex } from '@scure/base';
import { TEST_NETWORK, Transaction, p2tr, p2wpkh } from '@scure/btc-signer';
import { decodeSegwitAddress, type Tx } from './btcVerify';

export function twoAccountPsbt(paymentKey: Uint8Array, ordinalsKey: Uint8Array) {
  const pay = p2wpkh(paymentKey, TEST_NETWORK);
  const ord = p2tr(ordinalsKey, undefined, TEST_NETWORK);
  const dest = decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  const psbt = new Transaction();
  psbt.addInput({ txid: '11'.repeat(32), index: 2, witnessUtxo: { script: pay.script, amount: 120_000n } });
  psbt.addInput({ txid: '22'.repeat(32), index: 0, witnessUtxo: { script: ord.script, amount: 10_000n }, tapInternalKey: ordinalsKey });
  psbt.addOutput({ script: dest.script, amount: 125_000n });
  const plain: Tx = {
    version: 2,
    inputs: [
      { txid: '11'.repeat(32), vout: 2, sequence: 0xffffffff },
      { txid: '22'.repeat(32), vout: 0, sequence: 0xffffffff },
    ],
    outputs: [{ amount: 125_000n, script: dest.script }],
    locktime: 0,
  };
  // OP_DUP OP_HASH160 <the key hash> OP_EQUALVERIFY OP_CHECKSIG
  const scriptCode = hex.decode(`76a914${hex.encode(pay.script.subarray(2))}88ac`);
  return { pay, ord, psbt, plain, scriptCode };
}
