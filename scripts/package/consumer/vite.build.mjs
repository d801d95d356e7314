// `vite build` of index.html → main.tsx in this folder (cwd). Vite is the one this repository
// installs: its module URL is the first argument.
const { build } = await import(process.argv[2]);

await build({ root: process.cwd(), logLevel: 'error', build: { outDir: 'vite-dist', emptyOutDir: true } });
console.log('VITE ok');
