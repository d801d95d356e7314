// Types of size-tables.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
export declare const BEGIN: string;
export declare const END: string;
export declare function pluginsByFolder(pkg: { exports: Record<string, string | { source?: string }> }): Map<string, string[]>;
export declare function pluginBlock(budgets: unknown, names: string[]): string | undefined;
export declare function hostsBlock(budgets: unknown): string;
export declare function sizeTables(root?: string): { file: string; current: string; wanted: string }[];
export declare function replaceBlock(text: string, block: string, file: string): string;
