import { useEffect, useRef, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { useAuth, type PricingTier } from '@growth/kit';
import { Icon } from '../components/Icon';
import { LoginRequiredDialog } from './LoginRequiredDialog';
import { ProfileLinkDialog } from './ProfileLinkDialog';
import { ResultDialog } from './ResultDialog';
import { SandboxCheckoutDialog } from './SandboxCheckoutDialog';
import { formatMinorUnits, formatPrice } from './money';
import type { CheckoutPlan } from './paymentCalls';
import { useCheckout } from './useCheckout';

interface Props {
  plan: CheckoutPlan;
  tier: PricingTier;
  /** This page's path, where the login page sends a visitor back to. */
  returnTo: string;
  className: string;
}

/**
 * A tier's Buy Now and the checkout dialogs behind it (docs/product.md#checkout-and-payments). A visitor's Buy Now is
 * a link to `/login?next=` (it still works without script or in a new tab); a click first says
 * why ('Login required'). While a purchase runs the button reads 'Processing…' and is disabled.
 */
export function BuyNow({ plan, tier, returnTo, className }: Props) {
  const { isAuthenticated } = useAuth();
  const { step, busy, start, cancel, submitProfileLink, chooseSandboxCard, tryAgain } = useCheckout(plan, tier);
  const trigger = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const loginHref = `/login?next=${encodeURIComponent(returnTo)}`;

  // When the last dialog closes, focus comes back to the Buy button.
  const dialogWasOpen = useRef(false);
  useEffect(() => {
    if (step.kind === 'idle' && dialogWasOpen.current) trigger.current?.focus();
    dialogWasOpen.current = step.kind !== 'idle';
  }, [step.kind]);

  const askToLogIn = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    start();
  };

  return (
    <>
      {isAuthenticated ? (
        <button
          ref={trigger}
          type="button"
          className={className}
          onClick={start}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={busy ? undefined : `Buy Now: ${tier.name}`}
        >
          <Icon name="cart" size={18} />
          {busy ? 'Processing…' : 'Buy Now'}
        </button>
      ) : (
        <Link ref={trigger} href={loginHref} className={className} onClick={askToLogIn} aria-label={`Buy Now: ${tier.name}, sign in to continue`}>
          <Icon name="cart" size={18} />
          Buy Now
        </Link>
      )}

      {step.kind === 'login' && <LoginRequiredDialog loginHref={loginHref} onClose={cancel} />}
      {step.kind === 'profile' && (
        <ProfileLinkDialog
          summary={`${plan.name} · ${tier.name} · ${formatPrice(tier.price, plan.currency)}`}
          busy={step.busy}
          orderError={step.orderError}
          platformSlug={plan.slug}
          initialLink={step.link}
          onSubmit={(link) => void submitProfileLink(link)}
          onCancel={cancel}
        />
      )}
      {step.kind === 'sandbox' && (
        <SandboxCheckoutDialog
          planName={plan.name}
          tierName={tier.name}
          amount={formatMinorUnits(step.order.amount, step.order.currency, step.order.exponent)}
          busy={step.busy}
          onChoose={(outcome) => void chooseSandboxCard(outcome)}
          onCancel={cancel}
        />
      )}
      {step.kind === 'result' && <ResultDialog result={step.result} onClose={cancel} onTryAgain={tryAgain} />}
    </>
  );
}
