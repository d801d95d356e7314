// Transaction fees as the runtime charges them: 5000 lamports per signature (precompile
// signatures included) plus the priority fee from the compute-budget instructions.
export const LAMPORTS_PER_SIGNATURE = 5000n;

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/** Precompiles: every signature they verify is charged like a transaction signature. */
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);
/**
 * Programs whose instructions count as builtins for the default compute-unit limit (3,000 CU
 * each instead of 200,000); checked against litesvm's fees (the lookup-table program is a BPF
 * program now, precompiles count as builtins).
 */
const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  ...PRECOMPILES,
]);
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000n;
const BUILTIN_INSTRUCTION_COMPUTE_UNITS = 3_000n;

/**
 * The fee of a message: 5000 lamports per signature (precompile signatures included) plus the
 * priority fee (compute-unit price × limit, rounded up).
 * @param {import('@solana/web3.js').VersionedMessage} message
 * @returns {{ fee: bigint, computeUnitPrice: bigint }}
 */
export function messageFee(message) {
  const keys = message.staticAccountKeys.map((k) => k.toBase58());
  let signatures = BigInt(message.header.numRequiredSignatures);
  let price = 0n;
  let limit;
  let defaultLimit = 0n;
  for (const ix of message.compiledInstructions) {
    const program = keys[ix.programIdIndex];
    const data = ix.data;
    if (program && PRECOMPILES.has(program) && data.length > 0) signatures += BigInt(data[0]);
    if (program === COMPUTE_BUDGET_PROGRAM && data.length > 0) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
      if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true);
    }
    defaultLimit += program && BUILTIN_PROGRAMS.has(program) ? BUILTIN_INSTRUCTION_COMPUTE_UNITS : DEFAULT_INSTRUCTION_COMPUTE_UNITS;
  }
  const units = (limit ?? defaultLimit) > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : (limit ?? defaultLimit);
  const priority = (price * units + 999_999n) / 1_000_000n;
  return { fee: signatures * LAMPORTS_PER_SIGNATURE + priority, computeUnitPrice: price };
}
