/**
 * Methods that sign or send: a repeated call could sign twice or broadcast a
 * second transaction, so transports never repeat them once an attempt may have
 * reached the server (they are also never deduplicated or batched).
 */
export const SEND_METHODS: ReadonlySet<string> = /*#__PURE__*/ new Set([
  // eip155
  'eth_sendTransaction',
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'eth_sendUserOperation',
  'eth_sendBundle',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'personal_sign',
  'wallet_sendCalls',
  'wallet_sendTransaction',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  // solana (JSON-RPC node and wallet-side names)
  'sendTransaction',
  'signTransaction',
  'signAllTransactions',
  'signAndSendTransaction',
  'signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_signMessage',
  // bip122
  'sendrawtransaction',
  'sendTransfer',
  'signPsbt',
]);

/** Prefixes that always mean "send or sign", for methods not listed above. */
const SEND_PREFIXES = ['eth_send', 'eth_sign', 'wallet_send', 'personal_sign'] as const;

/** True when `method` signs or sends (see {@link SEND_METHODS}). */
export function isSendMethod(method: string): boolean {
  return SEND_METHODS.has(method) || SEND_PREFIXES.some((p) => method.startsWith(p));
}
