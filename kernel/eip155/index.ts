/**
 * `latchkey/eip155`: EVM helpers that more than one plugin needs, on viem (a dependency the evm
 * plugin already loads): for now, the text an ERC-20 token answers (swaps and portfolio read it).
 * Imported by plugins' lazily loaded modules, never by an entry.
 */
export { MAX_ABI_TEXT_BYTES, decodeAbiText } from './abiText';
