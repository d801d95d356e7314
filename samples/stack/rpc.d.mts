// Types of rpc.mjs for TypeScript callers (the repository's tsconfig has no allowJs).

/**
 * Calls `method` on the node at `url` (id 1) and resolves its result; gives up after `timeoutMs`.
 * An error answer throws its message, after `<method>: ` when `nameMethod` is set.
 */
export declare function nodeRpc<T = any>(url: string, method: string, params: readonly unknown[], options: { timeoutMs: number; nameMethod?: boolean }): Promise<T>;
