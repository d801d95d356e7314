/**
 * `latchkey/eip155`: EVM helpers that more than one plugin needs, on viem (a dependency the evm
 * plugin already loads): an ERC-20 token read from the chain (send, swaps, portfolio) and the text
 * a token answers, a transaction's receipt (swaps, the evm adapter), and ENS: where it lives on a
 * network, a name's address and an address's primary name with their avatars (evm, send; the ENS
 * code loads on the first lookup).
 * Imported by plugins' lazily loaded modules, never by an entry.
 */
export { MAX_ABI_TEXT_BYTES, decodeAbiText } from './abiText';
export { readErc20, erc20Calldata, decodeUint256, type Erc20Reading, type Erc20ReadOptions, type Erc20Transport } from './erc20';
export { readReceipt, waitForReceipt, type TransactionReceipt, type WaitForReceiptOptions } from './receipt';
export { ensContracts, type EnsContracts } from './ensContracts';
export { lookupEnsIdentity, resolveEnsName } from './ensLazy';
export type { EnsIdentity, EnsResolution, EnsTransport } from './ens';
