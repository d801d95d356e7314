/**
 * ApproveTransaction (docs/embedded-wallet.md#requests-and-approvals): the wallet frame's own approval surface, shown in the modal
 * body. The iframe (fixed on the page, above the modal) is laid over this view's area while it is
 * shown; its "Approve" and "Reject" buttons are in the frame's document, where the page cannot
 * click them. The frame enables "Approve" only after its whole card has been fully visible for
 * 500 ms in a frame of at least 280 × 360 px, so nothing here may cover, clip, mask, fade, filter,
 * scale or rotate it (samples/wallet-service/PROTOCOL.md, "The approval surface"). Where the
 * browser cannot prove that (Firefox, Safari), the frame shows "Review in wallet window" instead
 * and the decision is taken in a popup of the wallet's origin; this view stays as it is meanwhile.
 */
import { useLayoutEffect, useRef } from 'react';
import { Button, LoadingState, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { useWallet } from './common';

/**
 * The frame refuses less than 280 × 360 px, and details longer than the card must be scrolled to the
 * end before Approve (samples/wallet-service/PROTOCOL.md): as tall as the modal allows (its card is at
 * most 640 px or the viewport, about 96 px of it header and padding), up to 520 px.
 */
const APPROVAL_HEIGHT = 'clamp(360px, calc(100vh - 96px), 520px)';

export default defineView<'ApproveTransaction'>(function ApproveTransaction({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const ref = useRef<HTMLDivElement>(null);
  const t = useMessages(messages);
  useLayoutEffect(() => (ref.current ? wallet.attachApproval(ref.current) : undefined), [wallet]);
  return (
    <div className="lk-stack">
      <Text variant="small" className="lk-sr-only">
        {t('approvalHint')}
      </Text>
      <div ref={ref} data-approval-surface="" style={{ width: '100%', height: APPROVAL_HEIGHT, position: 'relative' }}>
        {state.approvals === 0 ? <LoadingState label={t('waitingRequest')} /> : null}
      </div>
      <Button variant="ghost" className="lk-sr-only" onClick={() => wallet.focusApproval()}>
        {t('goToApproval')}
      </Button>
    </div>
  );
});
