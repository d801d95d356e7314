// Types of ports.mjs for TypeScript callers (the repository's tsconfig has no allowJs).

/** The default port of each part of the local stack (../shared/STACK.md). */
export declare const PORTS: {
  readonly demo: 5173;
  readonly anvil31337: 8545;
  readonly anvil1: 8546;
  readonly relay: 8787;
  readonly wallet: 8790;
  readonly data: 8791;
  readonly oidc: 8792;
  readonly onramp: 8793;
  readonly solana: 8899;
  readonly solanaWs: 8900;
  readonly nextApp: 3000;
  readonly bundler: 4337;
};
export type PortName = keyof typeof PORTS;
/** The environment variable that moves each port. */
export declare const PORT_ENV: { readonly [K in PortName]: string };
/** The address every part of the local stack listens on by default. */
export declare const LOCAL_HOST: '127.0.0.1';
/** `http://127.0.0.1:<port>`, or with another scheme (`ws`). */
export declare function localUrl(port: number, scheme?: string): string;
/** The two origins a browser may use for a local port: 127.0.0.1 and localhost. */
export declare function localOrigins(port: number): [string, string];
/** Throws when two parts would listen on one port, naming both settings. */
export declare function assertDistinctPorts(entries: readonly (readonly [setting: string, port: number])[]): void;

export interface StackChain {
  readonly chainId: number;
  readonly name: string;
  readonly defaultPort: number;
  readonly env: string;
}
/** The EVM chains of the local stack (two anvil nodes), in the order of STACK.md. */
export declare const STACK_CHAINS: readonly StackChain[];
/** The stack's chains at their default ports, in the chain-list format of /config.json. */
export declare function defaultStackChains(): { chainId: number; name: string; rpcUrl: string }[];
