/** The EVM dev wallet's EIP-1193 errors (ProviderRpcError with its code) and the chain id parsing its methods share. */
import type { ProviderRpcError } from './evmTypes';

export function providerError(code: number, message: string, data?: unknown): ProviderRpcError {
  const err = new Error(message) as Error & { code: number; data?: unknown };
  err.name = 'ProviderRpcError';
  err.code = code;
  if (data !== undefined) err.data = data;
  return err;
}

export const toHex = (n: number) => `0x${n.toString(16)}`;

export function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16);
  throw providerError(-32602, `Invalid chain ID: ${String(value)}`);
}
