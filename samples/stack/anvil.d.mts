// Types of anvil.mjs for TypeScript callers (the repository's tsconfig has no allowJs): the tests
// start anvil with the stack's own starter.

/** Absolute path of the anvil binary (@foundry-rs/anvil-linux-amd64). */
export declare function anvilBinary(): string;

/** Resolves true when something already listens on host:port (127.0.0.1 by default). */
export declare function isPortTaken(port: number, host?: string): Promise<boolean>;

/**
 * Starts anvil on 127.0.0.1:port with the given chain id and resolves once it answers
 * eth_chainId with that id (default limit 10 s); `stop()` ends it (SIGTERM, then SIGKILL).
 */
export declare function startAnvil(options: { port: number; chainId: number; timeoutMs?: number }): Promise<{
  readonly url: string;
  readonly chainId: number;
  readonly port: number;
  readonly pid: number;
  stop(): Promise<void>;
}>;
