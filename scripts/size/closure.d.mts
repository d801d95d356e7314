/** Types of closure.mjs for TypeScript callers (the tests). */
/** gzip -9 size of the bytes, with esbuild's chunk hashes replaced by fixed stand-ins (see closure.mjs). */
export declare function gzipSize(data: Uint8Array | string): number;
