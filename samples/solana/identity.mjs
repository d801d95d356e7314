// The fixed identity of the local chain: the Agave version it reports, its genesis hash and
// CAIP-2 id (the same on every start), and the faucet's key and starting balance.
import { createHash } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { base58 } from './codec.mjs';

/** The Agave runtime litesvm 0.8 is built on (crate versions in its binary). */
export const SOLANA_CORE_VERSION = '3.1.11';
export const FEATURE_SET = 0;

/** Fixed, so the CAIP-2 id of the chain is the same on every start: sha256("latchkey local solana genesis v1"). */
export const GENESIS_HASH = base58.encode(createHash('sha256').update('latchkey local solana genesis v1').digest());
/** CAIP-2 for Solana: `solana:` + the first 32 characters of the genesis hash. */
export const CAIP_NETWORK_ID = `solana:${GENESIS_HASH.slice(0, 32)}`;

export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** The faucet's starting balance: 500 million SOL. */
export const FAUCET_LAMPORTS = 500_000_000n * LAMPORTS_PER_SOL;
export const FAUCET = Keypair.fromSeed(createHash('sha256').update('latchkey local solana faucet v1').digest());
export const FAUCET_ADDRESS = FAUCET.publicKey.toBase58();
