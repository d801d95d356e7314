/**
 * The UI's only stylesheet: one plain CSS string, put into a single <style>
 * element the first time it is needed. Every rule is scoped under [data-lk]
 * (keyframe names are prefixed lk-) so nothing leaks into the host page.
 * Theme knobs are CSS custom properties (--lk-*) set on the root element from
 * the kernel's Theme service; each has a default here.
 */
const CSS = `
[data-lk]{--lk-r:var(--lk-border-radius-master,4px);--lk-a:var(--lk-accent,#0a6fd1);--lk-bg0:#fff;--lk-fg:#141414;--lk-fg2:#5b5b61;--lk-line:#0000001a;--lk-hover:#00000008;--lk-err:#cd2b31;--lk-ok:#30a46c;--lk-bg:var(--lk-bg0);font-family:var(--lk-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--lk-fg);font-size:15px;line-height:1.4;-webkit-font-smoothing:antialiased}
[data-lk][data-lk-theme=dark]{--lk-bg0:#141414;--lk-fg:#f2f2f2;--lk-fg2:#b0b0b6;--lk-line:#ffffff1f;--lk-hover:#ffffff0d;--lk-err:#ff6369}
@supports (color:color-mix(in srgb,red 1%,blue)){[data-lk]{--lk-bg:color-mix(in srgb,var(--lk-color-mix,#000) var(--lk-color-mix-strength,0%),var(--lk-bg0))}}
[data-lk] *,[data-lk] *::before,[data-lk] *::after{box-sizing:border-box}
[data-lk] button,[data-lk] input{font:inherit;color:inherit;margin:0}
[data-lk] button{cursor:pointer}
[data-lk] button:disabled{cursor:default;opacity:.55}
[data-lk] :focus-visible{outline:2px solid var(--lk-a);outline-offset:2px}
[data-lk].lk-root{position:fixed;inset:0;z-index:var(--lk-z-index,999);display:flex;align-items:center;justify-content:center}
[data-lk].lk-embedded{position:static;display:block}
[data-lk] .lk-overlay{position:absolute;inset:0;background:#0000004d;backdrop-filter:blur(2px);animation:lk-fade 120ms ease-out}
[data-lk] .lk-card{position:relative;width:360px;max-width:100%;max-height:min(640px,100vh);display:flex;flex-direction:column;background:var(--lk-bg);border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*9);box-shadow:0 12px 40px #0000002e;overflow:hidden;animation:lk-in 150ms ease-out}
[data-lk] .lk-card[data-shake]{animation:lk-shake 500ms ease-in-out}
[data-lk] .lk-card:focus{outline:none}
[data-lk] .lk-head{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px}
[data-lk] .lk-title{margin:0;font-size:16px;font-weight:600;text-align:center;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-body{padding:8px 16px 16px;overflow-y:auto;flex:1}
[data-lk] .lk-view{animation:lk-view 150ms ease-out}
[data-lk] .lk-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:calc(var(--lk-r)*4);font-weight:600;background:none}
[data-lk] .lk-btn-primary{background:var(--lk-a);color:#fff}
[data-lk] a.lk-btn{text-decoration:none}
[data-lk] .lk-btn-secondary{background:var(--lk-hover);border-color:var(--lk-line);color:var(--lk-fg)}
[data-lk] .lk-btn-ghost{color:var(--lk-a)}
[data-lk] .lk-btn-icon{width:36px;min-height:36px;padding:0;font-size:20px;border-radius:calc(var(--lk-r)*3)}
[data-lk] .lk-btn:not(:disabled):hover{filter:brightness(.96);background-color:var(--lk-hover)}
[data-lk] .lk-btn-primary:not(:disabled):hover{background-color:var(--lk-a)}
[data-lk] .lk-wide{width:100%}
[data-lk] .lk-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
[data-lk] .lk-item{display:flex;align-items:center;gap:12px;width:100%;padding:8px 12px 8px 8px;border:0;border-radius:calc(var(--lk-r)*4);background:var(--lk-hover);text-align:left;color:var(--lk-fg)}
[data-lk] .lk-item:not(:disabled):hover{background:var(--lk-line)}
[data-lk] .lk-item[aria-current=true]{box-shadow:inset 0 0 0 1.5px var(--lk-a)}
[data-lk] .lk-item-name{flex:1;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-tag{font-size:12px;font-weight:600;padding:2px 8px;border-radius:99px;background:var(--lk-line);color:var(--lk-fg2);text-decoration:none}
[data-lk] .lk-item:not(:disabled):hover .lk-tag{color:var(--lk-fg)}
[data-lk] .lk-wimg{display:inline-flex;flex:none;align-items:center;justify-content:center;border-radius:calc(var(--lk-r)*3);object-fit:cover;background:var(--lk-line)}
[data-lk] .lk-round{border-radius:50%}
[data-lk] .lk-wimg-loading{opacity:.4}
[data-lk] .lk-wimg-fallback{font-weight:700;color:var(--lk-fg2)}
[data-lk] .lk-wimg-fallback[data-initials]::before{content:attr(data-initials)}
[data-lk] .lk-spinner{display:inline-block;border:2.5px solid var(--lk-line);border-top-color:var(--lk-a);border-radius:50%;animation:lk-spin .8s linear infinite}
[data-lk] .lk-loading,[data-lk] .lk-center{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;min-height:120px;text-align:center;color:var(--lk-fg2)}
[data-lk] .lk-text{margin:0}
[data-lk] .lk-text-small,[data-lk] .lk-text-muted{font-size:13px;color:var(--lk-fg2)}
[data-lk] .lk-fieldset{border:0;margin:0;padding:0;min-width:0}
[data-lk] .lk-inline-btn{border:0;padding:0;background:none;color:var(--lk-fg);font-weight:600;text-decoration:underline;min-height:0}
[data-lk] .lk-legal{align-items:flex-start;gap:8px}
[data-lk] .lk-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
[data-lk] .lk-text-title{font-size:18px;font-weight:600;color:var(--lk-fg)}
[data-lk] .lk-text-error{color:var(--lk-err)}
[data-lk] .lk-link{color:var(--lk-a)}
[data-lk] .lk-stack{display:flex;flex-direction:column;gap:12px}
[data-lk] .lk-row{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
[data-lk] .lk-input{width:100%;height:40px;padding:0 12px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-hover)}
[data-lk] .lk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[data-lk] .lk-snackbar{position:absolute;left:50%;bottom:16px;transform:translateX(-50%);display:flex;align-items:center;gap:8px;padding:8px 14px;border-radius:99px;background:var(--lk-bg);border:1px solid var(--lk-line);box-shadow:0 4px 16px #00000024;font-size:14px;white-space:nowrap}
[data-lk] .lk-snackbar:not([data-open]){display:none}
[data-lk] .lk-dot{width:8px;height:8px;border-radius:50%;background:var(--lk-ok)}
[data-lk] .lk-snackbar[data-variant=error] .lk-dot{background:var(--lk-err)}
[data-lk] .lk-alert{display:flex;gap:8px;align-items:flex-start;margin:0 16px;padding:10px 12px;border-radius:calc(var(--lk-r)*3);background:color-mix(in srgb,var(--lk-err) 14%,transparent);font-size:13px}
[data-lk] .lk-alert-text{flex:1;display:flex;flex-direction:column}
[data-lk] .lk-tablist{display:flex;gap:4px;padding:4px;border-radius:99px;background:var(--lk-hover)}
[data-lk] .lk-tab{flex:1;height:32px;border:0;border-radius:99px;background:none;font-weight:600;color:var(--lk-fg2)}
[data-lk] .lk-tab[aria-selected=true]{background:var(--lk-bg);color:var(--lk-fg);box-shadow:0 1px 4px #0000001f}
[data-lk] .lk-tabpanel{padding-top:12px}
[data-lk] .lk-avatar{width:64px;height:64px;border-radius:50%;background:conic-gradient(from var(--lk-h,0deg),var(--lk-a),#f5a,#fd4,var(--lk-a))}
[data-lk].lk-hostbtn{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:0 14px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-bg);color:var(--lk-fg);font:600 15px var(--lk-font-family,system-ui,sans-serif);cursor:pointer}
[data-lk].lk-connect{background:var(--lk-a);border-color:transparent;color:#fff}
[data-lk].lk-hostbtn .lk-wimg{width:24px;height:24px}
@keyframes lk-fade{from{opacity:0}}
@keyframes lk-in{from{opacity:0;transform:scale(.96)}}
@keyframes lk-view{from{opacity:0;transform:translateY(4px)}}
@keyframes lk-up{from{transform:translateY(100%)}}
@keyframes lk-spin{to{transform:rotate(360deg)}}
@keyframes lk-shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
@media (max-width:430px){[data-lk].lk-root{align-items:flex-end}[data-lk] .lk-card{width:100%;border-width:1px 0 0;border-radius:calc(var(--lk-r)*9) calc(var(--lk-r)*9) 0 0;padding-bottom:env(safe-area-inset-bottom,0px);animation-name:lk-up}}
@media (prefers-reduced-motion:reduce){[data-lk] *,[data-lk]{animation:none!important;transition:none!important}}
`;

const STYLE_ELEMENT_ID = 'latchkey-styles';

let styleNonce: string | undefined;
/** CSP nonce for the <style> element (LatchkeyProvider's `nonce` prop). */
export function setStyleNonce(nonce: string | undefined): void {
  styleNonce = nonce;
}

/** Adds the stylesheet once per document (idempotent). */
export function ensureStyles(doc: Document | undefined = typeof document === 'undefined' ? undefined : document, nonce = styleNonce): void {
  if (!doc || doc.getElementById(STYLE_ELEMENT_ID)) return;
  const el = doc.createElement('style');
  el.id = STYLE_ELEMENT_ID;
  if (nonce) el.nonce = nonce;
  el.textContent = CSS;
  doc.head.appendChild(el);
}
