/**
 * Marks of the social login providers (the socials plugin's buttons): simple geometric marks
 * drawn for Latchkey in each brand's colour (not the companies' logo files), as SVG data URIs,
 * so they need no network, never come from a third-party host and pass `img-src data:`. They
 * load with the Connect view's social row, never with the start entry.
 */
import { disc, svg } from './svg';

/** Social login providers (the socials plugin's buttons), by provider id. */
export const SOCIAL_MARKS: Readonly<Record<string, string>> = {
  google: /* @__PURE__ */ svg(
    `${disc('#fff', '#dadce0')}<path fill="none" stroke-width="3.4" d="M22.2 11.6A7.5 7.5 0 0 0 8.9 13" stroke="#EA4335"/><path fill="none" stroke-width="3.4" d="M8.9 13a7.5 7.5 0 0 0 0 6" stroke="#FBBC05"/><path fill="none" stroke-width="3.4" d="M8.9 19a7.5 7.5 0 0 0 13.3 1.6" stroke="#34A853"/><path fill="none" stroke-width="3.4" d="M22.2 20.6a7.5 7.5 0 0 0 1.3-4.6H16" stroke="#4285F4"/>`,
  ),
  x: /* @__PURE__ */ svg(`${disc('#000')}<path fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" d="M10.5 9.5l11 13M21.5 9.5l-11 13"/>`),
  discord: /* @__PURE__ */ svg(
    `${disc('#5865F2')}<path fill="#fff" d="M9 11.5c2-1.6 4.3-2 7-2s5 .4 7 2c1.2 2.4 1.8 5.2 1.6 8.6-1.6 1.3-3.2 2-4.8 2.4l-1-1.8c-1 .3-1.9.4-2.8.4s-1.8-.1-2.8-.4l-1 1.8c-1.6-.4-3.2-1.1-4.8-2.4-.2-3.4.4-6.2 1.6-8.6z"/><circle cx="12.8" cy="16.3" r="1.6" fill="#5865F2"/><circle cx="19.2" cy="16.3" r="1.6" fill="#5865F2"/>`,
  ),
  github: /* @__PURE__ */ svg(
    `${disc('#24292f')}<path fill="#fff" d="M16 7.5a8.5 8.5 0 0 0-2.7 16.6v-3c-2.4.5-2.9-1-2.9-1-.4-1-1-1.3-1-1.3-.8-.5.1-.5.1-.5.9.1 1.4.9 1.4.9.8 1.3 2 1 2.5.7.1-.6.3-1 .6-1.2-1.9-.2-3.9-1-3.9-4.2 0-.9.3-1.7.9-2.3-.1-.2-.4-1.1.1-2.3 0 0 .7-.2 2.3.9a8 8 0 0 1 4.2 0c1.6-1.1 2.3-.9 2.3-.9.5 1.2.2 2.1.1 2.3.6.6.9 1.4.9 2.3 0 3.3-2 4-3.9 4.2.3.3.6.8.6 1.6v3.9A8.5 8.5 0 0 0 16 7.5z"/>`,
  ),
  apple: /* @__PURE__ */ svg(
    `${disc('#000')}<path fill="#fff" d="M16 12.2c1.4-1 2.9-1.3 4.2-.9 1 .3 1.8 1 2.3 1.7-2.6 1.6-2.2 5.4.5 6.4-.6 1.8-1.9 4.1-3.4 4.1-1 0-1.4-.6-2.9-.6s-2 .6-2.9.6c-1.8 0-4.4-3.9-4.4-7.4 0-3.5 2.3-4.9 4.2-4.9 1 0 1.8.5 2.4 1z"/><path fill="#fff" d="M16.2 11.3c-.2-1.8 1.1-3.6 3-3.8.2 1.9-1.2 3.7-3 3.8z"/>`,
  ),
  facebook: /* @__PURE__ */ svg(`${disc('#1877F2')}<path fill="#fff" d="M17.6 25v-7.3h2.5l.4-2.9h-2.9v-1.8c0-.8.3-1.4 1.4-1.4h1.6V9a20 20 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2h-2.5v2.9h2.5V25z"/>`),
  farcaster: /* @__PURE__ */ svg(`${disc('#855DCD')}<path fill="#fff" d="M10 9.5h12v2h1.5l-1 2.5v8.5h-3V18a3.5 3.5 0 0 0-7 0v4.5h-3V14l-1-2.5H10z"/>`),
};

/** The mark of a social provider, or undefined for one the set has no mark for. */
export function socialMark(provider: string): string | undefined {
  return SOCIAL_MARKS[provider];
}
