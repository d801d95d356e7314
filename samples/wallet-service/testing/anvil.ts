/** Test support: a local anvil (the real binary from @foundry-rs/anvil-linux-amd64) on a free port, started by the stack's starter. */
import { getFreePort } from '../../../tests/support/ports';
import { startAnvil as startStackAnvil } from '../../stack/anvil.mjs';

export interface Anvil {
  readonly url: string;
  readonly chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(chainId = 31337): Promise<Anvil> {
  return startStackAnvil({ port: await getFreePort(), chainId, timeoutMs: 15_000 });
}
