// Types of server.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
import type { WalletServiceOptions } from './src/config';
import type { RunningWalletService } from './src/service';

export type { WalletServiceOptions, RunningWalletService };

/** Starts the wallet service; options override the environment (see README.md). */
export declare function startWalletService(
  options?: WalletServiceOptions & { env?: NodeJS.ProcessEnv; logger?: (line: string) => void },
): Promise<RunningWalletService>;
