// How It Works: Try Our Translation Service opens a Translation Complete dialog with a sample order, and
// from it a review invitation can be sent through the review provider.
import { useRef, useState } from 'react';
import { SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';
import { reviewsApi, type ReviewsConfig } from './lib/reviews.ts';
import { toast } from './lib/toast.ts';

export interface DemoOrderProps {
  copy: { button: string; dialogTitle: string; dialogText: string; customerName: string; customerEmail: string; document: string; languagePair: string; delivery: string; reviewPrompt: string; reviewButton: string };
  reviews: ReviewsConfig;
  invitation: { templateId: string; source: string; locationId: string; tags: string[]; product: { sku: string; name: string; productUrl: string; imageUrl: string } };
  icons: { play: string; check: string; close: string; star: string };
}

/** TR and six random digits, as the ordering platform numbers orders. */
export function orderReference(): string {
  return `TR${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

export default function DemoOrder({ copy, reviews, invitation, icons }: DemoOrderProps) {
  const ready = useReady();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reference, setReference] = useState('');
  const [sending, setSending] = useState(false);

  const open = () => {
    setReference(orderReference());
    dialog.current?.showModal();
  };

  const invite = async () => {
    setSending(true);
    try {
      const api = await reviewsApi(reviews);
      if (!api) throw new Error('the review provider is not initialised');
      await api.createInvitation({
        recipientEmail: copy.customerEmail,
        recipientName: copy.customerName,
        referenceId: reference,
        source: invitation.source,
        templateId: invitation.templateId,
        productSkus: [invitation.product.sku],
        products: [{ sku: invitation.product.sku, productUrl: invitation.product.productUrl, imageUrl: invitation.product.imageUrl, name: invitation.product.name }],
        tags: invitation.tags,
        locationId: invitation.locationId,
      });
      toast({ title: 'Review Invitation Sent', description: "Thank you! You'll receive an email to submit your review." });
    } catch (error) {
      console.warn('Review invitation failed:', error);
      toast({ title: 'Error', description: 'Could not send review invitation. Please try again later.', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="demo">
      <button type="button" className="button button-primary button-lg" onClick={open} hidden={!ready}>
        <SvgIcon markup={icons.play} size={18} />
        {copy.button}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="translation-complete-title">
        <div className="dialog-head">
          <span className="icon-badge icon-badge-green">
            <SvgIcon markup={icons.check} />
          </span>
          <h3 id="translation-complete-title">{copy.dialogTitle}</h3>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => dialog.current?.close()}>
            <SvgIcon markup={icons.close} />
          </button>
        </div>
        <p>{copy.dialogText}</p>
        <dl className="order-summary">
          <div>
            <dt>Order reference</dt>
            <dd data-order-reference="">{reference}</dd>
          </div>
          <div>
            <dt>Customer</dt>
            <dd>{copy.customerName}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{copy.customerEmail}</dd>
          </div>
          <div>
            <dt>Document</dt>
            <dd>{copy.document}</dd>
          </div>
          <div>
            <dt>Languages</dt>
            <dd>{copy.languagePair}</dd>
          </div>
          <div>
            <dt>Delivery</dt>
            <dd>{copy.delivery}</dd>
          </div>
        </dl>
        <p className="muted">{copy.reviewPrompt}</p>
        <button type="button" className="button button-secondary" onClick={invite} disabled={sending} aria-busy={sending}>
          <SvgIcon markup={icons.star} size={18} />
          {sending ? 'Sending…' : copy.reviewButton}
        </button>
      </dialog>
    </div>
  );
}
