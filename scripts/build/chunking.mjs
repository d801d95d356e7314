// Chunk steering shared by the build (esbuild.mjs) and the benchmark (scripts/bench/run.mjs).
//
// esbuild puts each module in the chunk of the exact set of entry points (dynamic
// `import()` targets included) that reach it. The HTTP and fallback transports are
// loaded with `import()` on the first RPC request; they import the transport errors
// and the send-method list directly (no import of the kernel's index, which would be
// a cycle index → createKernel → RpcTransport → transport → index). Left alone,
// esbuild gives those few shared modules a chunk of their own, one more file (and
// about 0.3 to 0.6 KiB of gzip) that every page loads before the connect button works.
//
// This plugin adds, at build time only, a bare `import` of the kernel's index to the
// lazily loaded transport modules. The lazy chunk then depends on the kernel's main
// chunk (already loaded whenever the lazy chunk is: it is only imported from there),
// so the shared modules stay in that main chunk. The sources keep their direct imports.
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** Kernel modules loaded only through `import()`, as paths from the repository root. */
export const LAZY_KERNEL_MODULES = ['kernel/transport/http.ts', 'kernel/transport/fallback.ts'];

const KERNEL_INDEX = 'kernel/index.ts';

/** esbuild plugin: keeps the lazily loaded kernel modules' shared imports in the kernel's chunk. */
export function kernelChunkPlugin() {
  return {
    name: 'latchkey-kernel-chunk',
    setup(build) {
      build.onLoad({ filter: /[\\/]kernel[\\/]transport[\\/][^\\/]+\.ts$/ }, async (args) => {
        const rel = relative(ROOT, args.path).split(sep).join('/');
        if (!LAZY_KERNEL_MODULES.includes(rel)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const index = relative(dirname(args.path), `${ROOT}/${KERNEL_INDEX}`).split(sep).join('/');
        return { contents: `import '${index.startsWith('.') ? index : `./${index}`}';\n${source}`, loader: 'ts' };
      });
    },
  };
}
