import type { Snackbar } from '../../kernel/index';

export interface CopyTexts {
  /** The snackbar after the text was copied ("Address copied"). */
  readonly copied: string;
  /** The snackbar when the browser has no clipboard or refused to write ("Failed to copy"). */
  readonly failed: string;
}

/**
 * Copies `text` to the clipboard and says how it went in the snackbar (success or error, in the
 * given scope): the one copy action of every view (address, pairing link, sign-in link). Resolves
 * to whether the text was copied; never throws (a page without the Clipboard API, an empty text
 * or a refusal all end in the `failed` snackbar).
 */
export async function copyText(
  snackbar: Pick<Snackbar, 'success' | 'error'>,
  text: string | undefined,
  texts: CopyTexts,
  options?: Parameters<Snackbar['success']>[1],
): Promise<boolean> {
  const clipboard = (globalThis as { navigator?: { clipboard?: Pick<Clipboard, 'writeText'> } }).navigator?.clipboard;
  try {
    if (!text || !clipboard) throw new Error('no clipboard');
    await clipboard.writeText(text);
  } catch {
    snackbar.error(texts.failed, options);
    return false;
  }
  snackbar.success(texts.copied, options);
  return true;
}
