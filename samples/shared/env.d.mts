// Types of env.mjs for TypeScript callers (the repository's tsconfig has no allowJs).

/** A setting of a server's configuration is wrong: the server refuses to start. */
export declare class ConfigError extends Error {
  constructor(message: string);
}
/** One setting (a variable or an option) does not hold what is expected: `<variable>: expected <expected>, got <value>`. */
export declare class EnvError extends ConfigError {
  readonly variable: string;
  readonly expected: string;
  /** Without `got`, the value is not shown (secrets). */
  constructor(variable: string, expected: string, got?: unknown);
}

type Def<D> = { def?: D };
export interface IntegerOptions {
  min?: number;
  max?: number;
}
export interface StringOptions {
  pattern?: RegExp;
  /** What `pattern` asks for, in words (for the message). */
  expected?: string;
  /** Leave the value out of the message. */
  secret?: boolean;
}
export interface UrlOptions {
  /** Default ['http:', 'https:']. */
  protocols?: readonly string[];
  /** false refuses user:password@ (default true). */
  credentials?: boolean;
}
export interface ChainListOptions {
  /** Most chains accepted (default 32). */
  max?: number;
}
/** A chain of the list: the fields of /config.json's `chains`, and whatever else the service reads. */
export type ListedChain = { chainId: number; rpcUrl: string; name?: string } & Record<string, unknown>;

export declare function integer(value: unknown, what: string, options: IntegerOptions & { def: number }): number;
export declare function integer(value: unknown, what: string, options?: IntegerOptions & Def<undefined>): number | undefined;
export declare function port(value: unknown, what: string, def: number): number;
export declare function port(value: unknown, what: string): number | undefined;
export declare function boolean(value: unknown, what: string, def: boolean): boolean;
export declare function boolean(value: unknown, what: string): boolean | undefined;
export declare function string(value: unknown, what: string, options: StringOptions & { def: string }): string;
export declare function string(value: unknown, what: string, options?: StringOptions & Def<undefined>): string | undefined;
export declare function url(value: unknown, what: string, options: UrlOptions & { def: string }): string;
export declare function url(value: unknown, what: string, options?: UrlOptions & Def<undefined>): string | undefined;
export declare function list(value: unknown, what: string, def: readonly string[]): string[];
export declare function list(value: unknown, what: string): string[] | undefined;
export declare function json(value: unknown, what: string, def?: unknown): unknown;
export declare function chainList(value: unknown, what: string, options: ChainListOptions & { def: readonly ListedChain[] }): ListedChain[];
export declare function chainList(value: unknown, what: string, options?: ChainListOptions & Def<undefined>): ListedChain[] | undefined;

/** The checkers bound to an environment: each reads the variable it is given and names it in its error. */
export interface EnvReader {
  string(name: string, options: StringOptions & { def: string }): string;
  string(name: string, options?: StringOptions): string | undefined;
  integer(name: string, options: IntegerOptions & { def: number }): number;
  integer(name: string, options?: IntegerOptions): number | undefined;
  port(name: string, def: number): number;
  port(name: string): number | undefined;
  boolean(name: string, def: boolean): boolean;
  boolean(name: string): boolean | undefined;
  url(name: string, options: UrlOptions & { def: string }): string;
  url(name: string, options?: UrlOptions): string | undefined;
  list(name: string, def: readonly string[]): string[];
  list(name: string): string[] | undefined;
  json(name: string, def?: unknown): unknown;
  chains(name: string, options: ChainListOptions & { def: readonly ListedChain[] }): ListedChain[];
  chains(name: string, options?: ChainListOptions): ListedChain[] | undefined;
}
export declare function readEnv(env?: Readonly<Record<string, string | undefined>>): EnvReader;
