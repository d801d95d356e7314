/** The approval guard's rules (frame/visibility.ts), the queue's bookkeeping (frame/queue.ts) and the wallet window's message checks. */
import fc from 'fast-check';
import { queueText } from './frame/approval';
import { ApprovalQueue, REPLACE_WINDOW_MS } from './frame/queue';
import { APPROVE_DELAY_MS, atEnd, fitsViewport, fullyVisible, holdReason, MIN_FRAME, REPLACED_HOLD_MS, shown, visibilityProof, type GuardState } from './frame/visibility';
import { isDecision, isPositionUpdate, isShow, POSITION, SHOW } from './frame/window-messages';
import { loadConfig } from './src/config';

describe('visibilityProof', () => {
  it('is v2 where the browser has it, the top-level window elsewhere, and none in a frame without v2', () => {
    expect(visibilityProof({ hasV2: true, topLevel: false })).toBe('occlusion');
    expect(visibilityProof({ hasV2: true, topLevel: true })).toBe('occlusion');
    expect(visibilityProof({ hasV2: false, topLevel: true })).toBe('top-level');
    expect(visibilityProof({ hasV2: false, topLevel: false })).toBe('none');
  });
});

describe('fullyVisible', () => {
  const full = { isIntersecting: true, intersectionRatio: 1, isVisible: true };
  it('needs v2 to say visible when the proof is occlusion', () => {
    expect(fullyVisible(full, 'occlusion')).toBe(true);
    expect(fullyVisible({ ...full, isVisible: false }, 'occlusion')).toBe(false);
    expect(fullyVisible({ isIntersecting: true, intersectionRatio: 1 }, 'occlusion')).toBe(false); // no v2 answer: not proven
  });
  it('needs the part fully inside the viewport (sub-pixel rounding aside)', () => {
    expect(fullyVisible({ ...full, intersectionRatio: 0.9995 }, 'occlusion')).toBe(true);
    expect(fullyVisible({ ...full, intersectionRatio: 0.996 }, 'occlusion')).toBe(false); // a 2 px clip of a 560 px card
    expect(fullyVisible({ ...full, isIntersecting: false }, 'top-level')).toBe(false);
    expect(fullyVisible({ isIntersecting: true, intersectionRatio: 1 }, 'top-level')).toBe(true);
  });
  it('never holds without a proof', () => {
    expect(fullyVisible(full, 'none')).toBe(false);
  });
});

describe('fitsViewport', () => {
  const card = (w: number, h: number) => ({ left: 0, top: 0, right: w, bottom: h });
  it('accepts a viewport of at least MIN_FRAME holding the card', () => {
    expect(fitsViewport({ width: 328, height: 420 }, card(328, 420))).toBe(true);
    expect(fitsViewport({ width: MIN_FRAME.width, height: MIN_FRAME.height }, card(MIN_FRAME.width, MIN_FRAME.height + 0.4))).toBe(true);
  });
  it('refuses a smaller viewport, and a card that sticks out or was scrolled', () => {
    expect(fitsViewport({ width: 250, height: 560 }, card(250, 560))).toBe(false);
    expect(fitsViewport({ width: 420, height: 300 }, card(420, 300))).toBe(false);
    expect(fitsViewport({ width: 420, height: 560 }, card(420, 600))).toBe(false);
    expect(fitsViewport({ width: 420, height: 560 }, { left: 0, top: -40, right: 420, bottom: 520 })).toBe(false);
  });
  it('is monotonic: a card that fits still fits in a larger viewport (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (w, h, dw, dh) => {
        if (!fitsViewport({ width: w, height: h }, card(w, h))) return true;
        return fitsViewport({ width: w + dw, height: h + dh }, card(w, h));
      }),
    );
  });
});

describe('atEnd', () => {
  it('is true with nothing to scroll or scrolled to the end (4 px of rounding)', () => {
    expect(atEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 200 })).toBe(true);
    expect(atEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 204 })).toBe(true);
    expect(atEnd({ scrollTop: 0, clientHeight: 200, scrollHeight: 205 })).toBe(false);
    expect(atEnd({ scrollTop: 297, clientHeight: 200, scrollHeight: 500 })).toBe(true);
    expect(atEnd({ scrollTop: 100, clientHeight: 200, scrollHeight: 500 })).toBe(false);
  });
});

describe('holdReason', () => {
  const ok: GuardState = { proof: 'occlusion', partsVisible: true, fits: true, readToEnd: true, tabVisible: true, visibleSince: 1000, holdMs: APPROVE_DELAY_MS };
  it('is null only after holdMs of everything holding', () => {
    expect(holdReason(ok, 1000 + APPROVE_DELAY_MS)).toBeNull();
    expect(holdReason(ok, 1000 + APPROVE_DELAY_MS - 1)).toBe('waiting');
    expect(holdReason({ ...ok, holdMs: REPLACED_HOLD_MS }, 1000 + APPROVE_DELAY_MS)).toBe('waiting');
    expect(holdReason({ ...ok, holdMs: REPLACED_HOLD_MS }, 1000 + REPLACED_HOLD_MS)).toBeNull();
    expect(holdReason({ ...ok, visibleSince: 0 }, 1e9)).toBe('waiting');
  });
  it('names the reason the visitor can act on', () => {
    expect(holdReason({ ...ok, tabVisible: false }, 1e9)).toBe('tab-hidden');
    expect(holdReason({ ...ok, fits: false, partsVisible: false }, 1e9)).toBe('too-small');
    expect(holdReason({ ...ok, partsVisible: false }, 1e9)).toBe('hidden');
    expect(holdReason({ ...ok, proof: 'none' }, 1e9)).toBe('hidden');
    expect(holdReason({ ...ok, readToEnd: false }, 1e9)).toBe('scroll');
  });
  it('never lets Approve through when any condition fails, whatever the time (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.record({
          proof: fc.constantFrom('occlusion' as const, 'top-level' as const, 'none' as const),
          partsVisible: fc.boolean(),
          fits: fc.boolean(),
          readToEnd: fc.boolean(),
          tabVisible: fc.boolean(),
          visibleSince: fc.integer({ min: 0, max: 1e6 }),
          holdMs: fc.constantFrom(APPROVE_DELAY_MS, REPLACED_HOLD_MS),
        }),
        fc.integer({ min: 0, max: 2e6 }),
        (s, now) => holdReason(s, now) !== null || (shown(s) && s.visibleSince > 0 && now - s.visibleSince >= s.holdMs),
      ),
    );
  });
});

describe('ApprovalQueue', () => {
  const shownHandle = () => {
    const positions: string[] = [];
    return { positions, setPosition: (p: { index: number; total: number }) => positions.push(queueText(p)) };
  };

  it('counts "n of m" over the requests since the queue was last empty, following arrivals', () => {
    const q = new ApprovalQueue();
    const first = q.show(2, 0);
    expect(queueText(first.position)).toBe('1 of 2');
    const h = shownHandle();
    q.bind(h);
    q.waiting(3);
    expect(h.positions).toEqual(['1 of 3']);
    q.closed(h, 100);
    q.done();
    expect(queueText(q.show(2, 10_000).position)).toBe('2 of 3');
    q.done();
    q.done();
    q.empty();
    expect(q.show(1, 20_000).position).toEqual({ index: 1, total: 1 });
    expect(queueText({ index: 1, total: 1 })).toBe('');
  });

  it('marks a request shown after an abort of the one shown, whenever it comes, once', () => {
    const q = new ApprovalQueue();
    q.show(1, 0);
    const h = shownHandle();
    q.bind(h);
    q.aborted();
    q.closed(h, 10);
    expect(q.show(1, 10 + 60_000).replaced).toBe('aborted');
    expect(q.show(1, 10 + 120_000).replaced).toBeUndefined();
  });

  it('an abort with nothing shown replaces nothing; a request right after another ended is "recent"', () => {
    const q = new ApprovalQueue();
    q.aborted();
    expect(q.show(1, 0).replaced).toBeUndefined();
    const h = shownHandle();
    q.bind(h);
    q.closed(h, 5000);
    expect(q.show(1, 5000 + REPLACE_WINDOW_MS - 1).replaced).toBe('recent');
    expect(q.show(1, 5000 + REPLACE_WINDOW_MS).replaced).toBeUndefined();
  });
});

describe('wallet window messages', () => {
  const show = { type: SHOW, id: 'a1', view: { title: 'Sign message', warnings: [], sections: [] }, theme: {} };
  it('accepts a SHOW with a view, an optional valid position and notice', () => {
    expect(isShow(show)).toBe(true);
    expect(isShow({ ...show, position: { index: 2, total: 3 }, replaced: 'aborted' })).toBe(true);
    expect(isShow({ ...show, position: { index: 4, total: 3 } })).toBe(false);
    expect(isShow({ ...show, replaced: 'sometimes' })).toBe(false);
    expect(isShow({ ...show, view: { warnings: [], sections: [] } })).toBe(false);
    expect(isShow({ ...show, type: 'other' })).toBe(false);
  });
  it('accepts a decision or a position only for the approval it names', () => {
    expect(isDecision({ type: 'latchkey-approval:decision', id: 'a1', decision: 'approve' }, 'a1')).toBe(true);
    expect(isDecision({ type: 'latchkey-approval:decision', id: 'a0', decision: 'approve' }, 'a1')).toBe(false);
    expect(isDecision({ type: 'latchkey-approval:decision', id: 'a1', decision: 'yes' }, 'a1')).toBe(false);
    expect(isPositionUpdate({ type: POSITION, id: 'a1', position: { index: 1, total: 2 } }, 'a1')).toBe(true);
    expect(isPositionUpdate({ type: POSITION, id: 'a1', position: { index: 0, total: 2 } }, 'a1')).toBe(false);
  });
  it('never throws on anything (fast-check)', () => {
    fc.assert(
      fc.property(fc.anything(), (m) => {
        isShow(m);
        isDecision(m, 'a1');
        isPositionUpdate(m, 'a1');
      }),
    );
  });
});

describe('configuration: where approvals are shown', () => {
  const base = { WALLET_DEV: '1', WALLET_DATA_DIR: ':memory:' };
  const project = (mode: unknown) => ({ ...base, WALLET_PROJECTS: JSON.stringify([{ projectId: 'p', origins: ['https://a.example'], approvalWindow: mode }]) });
  it("is 'value' by default; WALLET_APPROVAL_WINDOW sets it for all, a project's approvalWindow for that project", () => {
    expect(loadConfig(base).approvalWindow).toBe('value');
    for (const mode of ['fallback', 'value', 'always'] as const) {
      expect(loadConfig({ ...base, WALLET_APPROVAL_WINDOW: mode }).approvalWindow).toBe(mode);
      expect(loadConfig(project(mode)).projects[0]!.approvalWindow).toBe(mode);
    }
    expect(loadConfig(base).projects).toEqual([]);
  });
  it("reads the earlier on/off form: on is 'always', off the default", () => {
    expect(loadConfig({ ...base, WALLET_APPROVAL_WINDOW: '1' }).approvalWindow).toBe('always');
    expect(loadConfig({ ...base, WALLET_APPROVAL_WINDOW: 'off' }).approvalWindow).toBe('value');
    expect(loadConfig(project(true)).projects[0]!.approvalWindow).toBe('always');
    expect(loadConfig(project(false)).projects[0]!.approvalWindow).toBe('value');
  });
  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig(project('yes-please'))).toThrow(/WALLET_PROJECTS at 0\.approvalWindow/);
    expect(() => loadConfig({ ...base, WALLET_APPROVAL_WINDOW: 'never' })).toThrow(/WALLET_APPROVAL_WINDOW/);
  });
});
