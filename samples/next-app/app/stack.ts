/**
 * Server side: what the app connects to. The local stack (`npm start` at the repository's root)
 * describes its chains, relay and services at /config.json; LATCHKEY_CONFIG_URL points
 * elsewhere. Only the fields the app uses are passed on, as plain data (a server component
 * hands them to the client component that creates the kernel).
 */
export interface AppConfig {
  readonly chains: readonly { readonly chainId: number; readonly name: string; readonly rpcUrl: string }[];
  readonly relayUrl?: string;
  readonly walletServiceUrl?: string;
  readonly dataServiceUrl?: string;
}

export const CONFIG_URL = process.env.LATCHKEY_CONFIG_URL || 'http://127.0.0.1:5173/config.json';

const httpUrl = (v: unknown): string | undefined => (typeof v === 'string' && /^https?:\/\//.test(v) ? v : undefined);
const wsUrl = (v: unknown): string | undefined => (typeof v === 'string' && /^wss?:\/\//.test(v) ? v : undefined);

/** The stack's configuration, or why it could not be read. */
export async function loadAppConfig(): Promise<{ config: AppConfig } | { error: string }> {
  let body: Record<string, unknown>;
  try {
    const res = await fetch(CONFIG_URL, { cache: 'no-store' });
    if (!res.ok) return { error: `${CONFIG_URL} answered HTTP ${res.status}` };
    body = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    return { error: `${CONFIG_URL} did not answer (${(err as Error).message})` };
  }
  const chains = (Array.isArray(body.chains) ? body.chains : [])
    .map((c: Record<string, unknown>) => ({ chainId: Number(c.chainId), name: String(c.name ?? ''), rpcUrl: httpUrl(c.rpcUrl) ?? '' }))
    .filter((c) => Number.isSafeInteger(c.chainId) && c.chainId > 0 && c.name && c.rpcUrl);
  if (chains.length === 0) return { error: `${CONFIG_URL} lists no chains` };
  const relayUrl = wsUrl(body.relayUrl);
  const walletServiceUrl = httpUrl(body.walletServiceUrl);
  const dataServiceUrl = httpUrl(body.dataServiceUrl);
  return {
    config: { chains, ...(relayUrl ? { relayUrl } : {}), ...(walletServiceUrl ? { walletServiceUrl } : {}), ...(dataServiceUrl ? { dataServiceUrl } : {}) },
  };
}
