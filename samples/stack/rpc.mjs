/** The JSON-RPC call the stack's start-up scripts make to a local node (anvil). */

/**
 * Calls `method` on the node at `url` (id 1) and resolves its result; gives up after `timeoutMs`.
 * An error answer throws its message, after `<method>: ` when `nameMethod` is set.
 * @param {string} url
 * @param {string} method
 * @param {unknown[]} params
 * @param {{ timeoutMs: number, nameMethod?: boolean }} opts
 */
export async function nodeRpc(url, method, params, { timeoutMs, nameMethod = false }) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.json();
  if (body.error) throw new Error(nameMethod ? `${method}: ${body.error.message}` : body.error.message);
  return body.result;
}
