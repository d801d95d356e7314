/**
 * The modal's rules (card, header, views, lists, snackbar, alert, tabs, …). Loaded as a
 * chunk of its own, when the page is idle after start, on intent (pointer or focus on a
 * Latchkey button) or when the modal opens; the same text is in dist/latchkey.css (after
 * ./base.ts) for hosts that link the stylesheet. Every rule is scoped under [data-lk].
 *
 * The overlay dims the page without a backdrop blur: where the page is rasterised on the CPU (no
 * GPU, many phones' browsers in power saving) blurring the whole viewport in every frame of the
 * entrance held frames for 100–190 ms; without it the open runs at 60 frames a second (npm run
 * bench, "click → fully shown").
 */
export const MODAL_CSS = `[data-lk] *,[data-lk] *::before,[data-lk] *::after{box-sizing:border-box}
[data-lk] button,[data-lk] input,[data-lk] select{font:inherit;color:inherit;margin:0}
[data-lk] button{cursor:pointer}
[data-lk] button:disabled{cursor:default;opacity:.55}
[data-lk] :focus-visible{outline:2px solid var(--lk-a);outline-offset:2px}
[data-lk].lk-root{opacity:1;display:flex;align-items:center;justify-content:center}
[data-lk].lk-embedded{position:static;display:block}
[data-lk] .lk-overlay{position:absolute;inset:0;background:#0000004d;animation:lk-fade 120ms ease-out}
[data-lk] .lk-card{position:relative;width:360px;max-width:100%;max-height:min(640px,100vh);display:flex;flex-direction:column;background:var(--lk-bg);border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*9);box-shadow:0 12px 40px #0000002e;overflow:hidden;animation:lk-in 150ms ease-out}
[data-lk] .lk-card[data-shake]{animation:lk-shake 500ms ease-in-out}
[data-lk] .lk-card:focus{outline:none}
[data-lk] .lk-head{position:relative;z-index:3;display:grid;grid-template-columns:44px 1fr 44px;align-items:center;gap:4px;padding:8px 8px 0}
[data-lk] .lk-title{margin:0;font-size:16px;font-weight:600;text-align:center;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-body{padding:8px 16px 16px;overflow-y:auto;flex:0 1 auto;min-height:0;overscroll-behavior:contain}
[data-lk] .lk-body[data-lk-animate]{transition:height .2s ease}
[data-lk] .lk-hint::before,[data-lk] .lk-hint::after{content:"";position:sticky;z-index:2;display:block;height:12px;pointer-events:none;opacity:0;transition:opacity .15s}
[data-lk] .lk-hint::before{top:0;margin-bottom:-12px;background:linear-gradient(#00000026,#0000)}
[data-lk] .lk-hint::after{bottom:0;margin-top:-12px;background:linear-gradient(#0000,#00000026)}
[data-lk] .lk-body.lk-hint::before{top:-8px;margin:-8px -16px -4px}
[data-lk] .lk-body.lk-hint::after{bottom:-16px;margin:-12px -16px -16px}
[data-lk] .lk-hint[data-lk-above]::before,[data-lk] .lk-hint[data-lk-below]::after{opacity:1}
[data-lk] .lk-view{animation:lk-view 150ms ease-out}
[data-lk] .lk-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:calc(var(--lk-r)*4);font-weight:600;background:none}
[data-lk] .lk-btn-primary{background:var(--lk-a);color:#fff}
[data-lk] a.lk-btn{text-decoration:none}
[data-lk] .lk-btn-secondary{background:var(--lk-hover);border-color:var(--lk-line);color:var(--lk-fg)}
[data-lk] .lk-btn-ghost{color:var(--lk-a)}
[data-lk][data-lk-theme=dark] .lk-btn-ghost,[data-lk][data-lk-theme=dark] .lk-link{color:color-mix(in srgb,var(--lk-a) 65%,#fff)}
[data-lk] .lk-btn-icon{width:44px;height:44px;min-height:44px;padding:0;border-radius:calc(var(--lk-r)*3);color:var(--lk-fg2)}
[data-lk] .lk-btn-icon-img{width:18px;height:18px;flex:none}
[data-lk] .lk-i{position:relative;display:block;width:18px;height:18px}
[data-lk] .lk-i-back::before{content:"";position:absolute;left:6px;top:4px;width:9px;height:9px;border:solid currentColor;border-width:0 0 2.2px 2.2px;border-radius:1px;transform:rotate(45deg)}
[data-lk] .lk-i-close::before,[data-lk] .lk-i-close::after{content:"";position:absolute;left:8px;top:0;width:2.2px;height:18px;border-radius:1px;background:currentColor;transform:rotate(45deg)}
[data-lk] .lk-i-close::after{transform:rotate(-45deg)}
[data-lk][dir=rtl] .lk-i-back,[data-lk] [dir=rtl] .lk-i-back{transform:scaleX(-1)}
[data-lk] .lk-btn:not(:disabled):hover{filter:brightness(.96);background-color:var(--lk-hover)}
[data-lk] .lk-btn-primary:not(:disabled):hover{background-color:var(--lk-a)}
[data-lk] .lk-wide{width:100%}
[data-lk] .lk-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
[data-lk] .lk-item{display:flex;align-items:center;gap:12px;width:100%;padding:8px;padding-inline-end:12px;border:0;border-radius:calc(var(--lk-r)*4);background:var(--lk-hover);text-align:start;color:var(--lk-fg)}
[data-lk] .lk-item:not(:disabled):hover{background:var(--lk-line)}
[data-lk] .lk-item:not(:disabled):hover .lk-tag{color:var(--lk-fg)}
[data-lk] .lk-item[aria-current=true] .lk-item-name{font-weight:600}
[data-lk] .lk-check{flex:none;width:7px;height:13px;margin:0 6px 3px;border:solid var(--lk-a);border-width:0 2.5px 2.5px 0;border-radius:1px;transform:rotate(45deg)}
[data-lk] .lk-grid{display:grid;grid-template-columns:11px 11px;gap:4px;align-content:center;justify-content:center;background:var(--lk-hover)}
[data-lk] .lk-grid i{height:11px;border-radius:3px;background:#3b82f6}
[data-lk] .lk-grid i:nth-child(2){background:#f59e0b}
[data-lk] .lk-grid i:nth-child(3){background:#10b981}
[data-lk] .lk-grid i:nth-child(4){background:#ec4899}
[data-lk] .lk-chip{display:inline-flex;align-items:center;gap:6px;margin:0;font-size:13px;color:var(--lk-fg2)}
[data-lk] .lk-item-name{flex:1;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-item-plain{background:none;padding:0}
[data-lk] .lk-get-title{margin:0;font-size:16px}
[data-lk] .lk-sz-16{width:16px;height:16px;font-size:6px}
[data-lk] .lk-sz-20{width:20px;height:20px;font-size:7px}
[data-lk] .lk-sz-28{width:28px;height:28px;font-size:10px}
[data-lk] .lk-sz-40{width:40px;height:40px;font-size:14px}
[data-lk] .lk-sz-80{width:80px;height:80px;font-size:29px}
[data-lk] .lk-tag{font-size:12px;font-weight:600;padding:2px 8px;border-radius:99px;background:var(--lk-line);color:var(--lk-fg2);text-decoration:none}
[data-lk] .lk-scroller{overflow-y:auto;position:relative}
[data-lk] .lk-vlist{display:block;position:relative}
[data-lk] .lk-vrow{position:absolute;inset-inline:0;height:64px;padding-bottom:8px}
[data-lk] .lk-spinner{display:inline-block;border:2.5px solid var(--lk-line);border-top-color:var(--lk-a);border-radius:50%;animation:lk-spin .8s linear infinite}
[data-lk] .lk-loading,[data-lk] .lk-center{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;min-height:120px;text-align:center;color:var(--lk-fg2)}
[data-lk] .lk-center.lk-top{min-height:0}
[data-lk] .lk-text{margin:0}
[data-lk] .lk-text-small,[data-lk] .lk-text-muted{font-size:13px;color:var(--lk-fg2)}
[data-lk] .lk-fieldset{border:0;margin:0;padding:0;min-width:0}
[data-lk] .lk-inline-btn{border:0;padding:0;background:none;color:var(--lk-fg);font-weight:600;text-decoration:underline;min-height:0}
[data-lk] .lk-legal{align-items:flex-start;gap:8px}
[data-lk] .lk-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
[data-lk] .lk-text-title{font-size:18px;font-weight:600;color:var(--lk-fg)}
[data-lk] .lk-text-error{color:var(--lk-err)}
[data-lk] .lk-link{color:var(--lk-a)}
[data-lk] a.lk-item{color:var(--lk-fg)}
[data-lk] .lk-stack{display:flex;flex-direction:column;gap:12px}
[data-lk] .lk-row{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
[data-lk] .lk-nowrap{flex-wrap:nowrap}
[data-lk] .lk-qr{display:block;margin:0 auto;background:#fff;border-radius:12px}
[data-lk] .lk-code{text-align:center;letter-spacing:.5em;font-size:20px}
[data-lk] .lk-input{width:100%;height:40px;padding:0 12px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-hover)}
[data-lk][data-lk-theme=dark] .lk-input{color-scheme:dark}
[data-lk] .lk-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[data-lk] .lk-snackbar{display:flex;align-items:center;gap:8px;margin:4px 16px 0;padding:8px 12px;border-radius:calc(var(--lk-r)*3);background:var(--lk-hover);border:1px solid var(--lk-line);font-size:14px;overflow-wrap:anywhere;animation:lk-view 150ms ease-out}
[data-lk] .lk-snackbar:not([data-open]){display:none}
[data-lk] .lk-dot{flex:none;width:8px;height:8px;border-radius:50%;background:var(--lk-ok)}
[data-lk] .lk-snackbar[data-variant=error] .lk-dot{background:var(--lk-err)}
[data-lk] .lk-alert{display:flex;gap:8px;align-items:flex-start;margin:0 16px;padding:10px 12px;border-radius:calc(var(--lk-r)*3);background:color-mix(in srgb,var(--lk-err) 14%,transparent);font-size:13px}
[data-lk] .lk-alert-text{flex:1;display:flex;flex-direction:column}
[data-lk] .lk-tablist{display:flex;gap:4px;padding:4px;border-radius:99px;background:var(--lk-hover)}
[data-lk] .lk-tab{flex:1;height:32px;border:0;border-radius:99px;background:none;font-weight:600;color:var(--lk-fg2)}
[data-lk] .lk-tab[aria-selected=true]{background:var(--lk-bg);color:var(--lk-fg);box-shadow:0 1px 4px #0000001f}
[data-lk] .lk-tabpanel{padding-top:12px}
[data-lk] .lk-avatar{width:64px;height:64px;border-radius:50%;background:conic-gradient(from var(--lk-h,0deg),var(--lk-a),#f5a,#fd4,var(--lk-a))}
[data-lk] .lk-icon{flex:none;display:block}
[data-lk] img.lk-icon{object-fit:contain}
[data-lk] .lk-item>.lk-icon{color:var(--lk-fg2)}
[data-lk][dir=rtl] .lk-item>.lk-icon,[data-lk] [dir=rtl] .lk-item>.lk-icon{transform:scaleX(-1)}
[data-lk] .lk-profile{position:relative;display:flex;flex-direction:column;align-items:center;gap:4px;padding-top:4px;text-align:center;color:var(--lk-fg2)}
[data-lk] .lk-profile .lk-avatar{margin-bottom:6px}
[data-lk] .lk-addr{display:flex;align-items:center;justify-content:center;max-width:100%;min-width:0;margin-inline-start:44px}
[data-lk] .lk-addr:has(a){margin-inline-start:88px}
[data-lk] .lk-addr .lk-text-title{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-corner{position:absolute;top:0;inset-inline-end:0}
[data-lk] .lk-features{display:grid;grid-template-columns:repeat(var(--lk-cols,4),minmax(0,1fr));gap:6px}
[data-lk] .lk-feature{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:6px;width:100%;height:100%;min-width:0;min-height:64px;padding:10px 2px 8px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-hover);color:var(--lk-fg);font-size:12px;font-weight:600;line-height:1.25}
[data-lk] .lk-feature:not(:disabled):hover,[data-lk] .lk-feature[aria-expanded=true]{background:var(--lk-line)}
[data-lk] .lk-feature .lk-icon{color:var(--lk-a)}
[data-lk][data-lk-theme=dark] .lk-feature .lk-icon{color:color-mix(in srgb,var(--lk-a) 65%,#fff)}
[data-lk] .lk-feature-label{max-width:100%;text-align:center;hyphens:auto}
[data-lk] .lk-more{position:relative;min-width:0}
[data-lk] .lk-menu{position:absolute;z-index:4;top:calc(100% + 4px);inset-inline-end:0;display:flex;flex-direction:column;min-width:200px;padding:4px;border:1px solid var(--lk-line);border-radius:calc(var(--lk-r)*4);background:var(--lk-bg);box-shadow:0 8px 24px #00000029;animation:lk-view 120ms ease-out}
[data-lk] .lk-menu-item{display:flex;align-items:center;gap:10px;min-height:44px;padding:0 12px;border:0;border-radius:calc(var(--lk-r)*3);background:none;color:var(--lk-fg);font-weight:500;text-align:start}
[data-lk] .lk-menu-item:hover,[data-lk] .lk-menu-item:focus{background:var(--lk-hover)}
[data-lk] .lk-menu-item .lk-icon{color:var(--lk-fg2)}
[data-lk] .lk-tab{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-width:0}
[data-lk] .lk-token-btn{flex:none;gap:6px;padding:0 10px 0 8px;border-radius:99px;white-space:nowrap}
[data-lk] .lk-token-btn>.lk-icon{color:var(--lk-fg2)}
[data-lk] .lk-token-field{justify-content:space-between;width:100%;padding-inline-start:12px;border-radius:calc(var(--lk-r)*4)}
[data-lk] .lk-token-field .lk-token-sym{margin-inline-end:auto}
[data-lk] .lk-search{position:relative}
[data-lk] .lk-search>.lk-icon{position:absolute;top:11px;inset-inline-start:12px;color:var(--lk-fg2);pointer-events:none}
[data-lk] .lk-search .lk-input{padding-inline-start:38px}
[data-lk] .lk-chips{justify-content:flex-start}
[data-lk] .lk-chip-btn{gap:6px;padding:0 12px 0 8px;border-radius:99px}
[data-lk] .lk-item-sub{flex:0 1 auto;min-width:0;max-width:45%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-lk] .lk-item-end{flex:none;font-weight:500;font-variant-numeric:tabular-nums}
[data-lk] .lk-flip{align-self:center;margin:-8px 0;border:1px solid var(--lk-line);border-radius:50%;background:var(--lk-bg);color:var(--lk-fg)}
[data-lk] .lk-socials{display:grid;grid-template-columns:repeat(var(--lk-cols,1),minmax(0,1fr));gap:8px}
[data-lk] .lk-socials>.lk-social-main{grid-column:1/-1}
[data-lk] .lk-social{gap:10px;min-height:44px;padding:0 8px}
@keyframes lk-fade{from{opacity:0}}
@keyframes lk-in{from{opacity:.5;transform:scale(.97)}}
@keyframes lk-view{from{opacity:.5;transform:translateY(4px)}}
@keyframes lk-up{from{transform:translateY(100%)}}
@keyframes lk-spin{to{transform:rotate(360deg)}}
@keyframes lk-shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
@media (max-width:430px){[data-lk].lk-root{align-items:flex-end}[data-lk] .lk-card{width:100%;border-width:1px 0 0;border-radius:calc(var(--lk-r)*9) calc(var(--lk-r)*9) 0 0;padding-bottom:env(safe-area-inset-bottom,0px);animation-name:lk-up}}
@media (prefers-reduced-motion:reduce){[data-lk],[data-lk] *,[data-lk] *::before,[data-lk] *::after{animation:none!important;transition:none!important}}
`;
