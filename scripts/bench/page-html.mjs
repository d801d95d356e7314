// The bench pages' HTML: the page's script after an inline EIP-6963 wallet (and, on the noisy page, 3,000 more).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PAGES } from './settings.mjs';

const WALLET_SNIPPET = `<script>
(function () {
  // A browser wallet announcing itself (EIP-6963), as an extension would; inline, so not counted as page JS.
  var provider = {
    request: function (args) {
      if (args.method === 'eth_accounts') return Promise.resolve([]);
      if (args.method === 'eth_chainId') return Promise.resolve('0x1');
      return Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    },
    on: function () {},
    removeListener: function () {}
  };
  var detail = Object.freeze({
    info: Object.freeze({ uuid: '2f0d5a3e-3c1b-4e8a-9c55-6a8f1d0b7e21', name: 'Bench Wallet', rdns: 'dev.latchkey.bench',
      icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 8 8%22%3E%3Crect width=%228%22 height=%228%22 fill=%22%23555%22/%3E%3C/svg%3E' }),
    provider: provider
  });
  function announce() { window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: detail })); }
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
</script>`;

const NOISY_SNIPPET = `<script>
(function () {
  // 3,000 providers announcing themselves (spam, or a buggy extension), each with its own rdns.
  var provider = { request: function () { return Promise.resolve([]); }, on: function () {}, removeListener: function () {} };
  var details = [];
  for (var i = 0; i < 3000; i++) details.push(Object.freeze({ info: Object.freeze({ uuid: 'spam-' + i, name: 'Spam Wallet ' + i, rdns: 'io.spam' + i, icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E' }), provider: provider }));
  function announce() { for (var j = 0; j < details.length; j++) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: details[j] })); }
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();
</script>`;

export async function writeHtml(outdir, page) {
  const script = PAGES[page].script ?? page;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bench: ${page}</title>
${WALLET_SNIPPET}${PAGES[page].snippet === 'noisy' ? NOISY_SNIPPET : ''}
</head><body><div id="root"></div><script type="module" src="/${script}.js"></script></body></html>`;
  await writeFile(join(outdir, `${page}.html`), html);
}
