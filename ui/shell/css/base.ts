/**
 * The part of the stylesheet the page needs before any modal opens: the theme tokens
 * (`--lk-*` custom properties with their defaults, light and dark), the host-page buttons
 * (ConnectButton, AccountButton, NetworkButton) and the images they show. It is in the entry
 * chunk; the modal's own rules (./modal.ts) load with the modal, on intent or when idle.
 *
 * Until the modal rules are in, the modal root covers the page invisibly (`opacity:0`):
 * the dialog is in the DOM at once (focus, the kernel state), and shows with its styles.
 * Every rule is scoped under [data-lk]; keyframes are prefixed lk-.
 */
export const BASE_CSS = `[data-lk]{--lk-r:var(--lk-border-radius-master,4px);--lk-a:var(--lk-accent,#0a6fd1);--lk-bg0:#fff;--lk-fg:#141414;--lk-fg2:#5b5b61;--lk-line:#0000001a;--lk-hover:#00000008;--lk-err:#cd2b31;--lk-ok:#30a46c;--lk-bg:var(--lk-bg0);font-family:var(--lk-font-family,system-ui,sans-serif);color:var(--lk-fg);font-size:15px;line-height:1.4;-webkit-font-smoothing:antialiased}
[data-lk][data-lk-theme=dark]{--lk-bg0:#141414;--lk-fg:#f2f2f2;--lk-fg2:#b0b0b6;--lk-line:#ffffff1f;--lk-hover:#ffffff0d;--lk-err:#ff6369}
@supports (color:color-mix(in srgb,red 1%,blue)){[data-lk]{--lk-bg:color-mix(in srgb,var(--lk-color-mix,#000) var(--lk-color-mix-strength,0%),var(--lk-bg0))}}
[data-lk].lk-root{position:fixed;inset:0;z-index:var(--lk-z-index,999);opacity:0}
[data-lk].lk-hostbtn{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 14px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-bg);color:var(--lk-fg);font:600 15px var(--lk-font-family,system-ui,sans-serif);cursor:pointer}
[data-lk].lk-connect{background:var(--lk-a);border-color:transparent;color:#fff}
[data-lk].lk-hostbtn:focus-visible{outline:2px solid var(--lk-a);outline-offset:2px}
[data-lk] .lk-wimg{display:inline-flex;flex:none;align-items:center;justify-content:center;box-sizing:border-box;border-radius:calc(var(--lk-r)*3);object-fit:cover;background:var(--lk-line)}
[data-lk] .lk-round{border-radius:50%}
[data-lk] .lk-wimg-loading{opacity:.4}
[data-lk] .lk-wimg-fallback{font-weight:700;color:var(--lk-fg2)}
[data-lk] .lk-wimg-fallback[data-initials]::before{content:attr(data-initials)}
[data-lk] .lk-sz-24{width:24px;height:24px;font-size:9px}
`;
