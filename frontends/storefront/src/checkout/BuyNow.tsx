import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth, type PricingTier } from '@growth/kit';
import { Icon } from '../components/Icon';
import { AccountDialog } from './AccountDialog';
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

/** The query parameter that opens a tier's checkout on arrival: `/services/youtube?buy=<pricingId>`. */
export const BUY_PARAM = 'buy';

/** The auth screen, coming back to this page with the tier's checkout open. */
export function loginHrefFor(returnTo: string, tier: PricingTier): string {
  const back = tier.pricingId ? `${returnTo}?${BUY_PARAM}=${encodeURIComponent(tier.pricingId)}` : returnTo;
  return `/login?next=${encodeURIComponent(back)}`;
}

/**
 * A tier's Buy Now and the checkout dialogs behind it (docs/product.md#checkout-and-payments). A visitor's Buy Now is
 * a link to `/login?next=` back to this tier (it still works without script or in a new tab); a
 * click opens the dialog that creates the account or signs in right here, and the checkout goes on
 * for the same tier. While a purchase runs the button reads 'Processing…' and is disabled.
 */
export function BuyNow({ plan, tier, returnTo, className }: Props) {
  const { isAuthenticated, loading } = useAuth();
  const { step, busy, start, signedIn, cancel, submitProfileLink, chooseSandboxCard, tryAgain } = useCheckout(plan, tier);
  const trigger = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const loginHref = loginHrefFor(returnTo, tier);
  const summary = `${plan.name} · ${tier.name} · ${formatPrice(tier.price, plan.currency)}`;

  // Back from the login page (Google sign-in included) with this tier in the address: once the
  // session is known its checkout opens by itself, and `?buy=` leaves the address, so a reload or
  // Back does not open it again.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const chosenHere = Boolean(tier.pricingId) && new URLSearchParams(search).get(BUY_PARAM) === tier.pricingId;
  useEffect(() => {
    if (!chosenHere || loading) return;
    const rest = new URLSearchParams(search);
    rest.delete(BUY_PARAM);
    navigate(rest.size ? `${location}?${rest.toString()}` : location, { replace: true });
    start();
  }, [chosenHere, loading, search, location, navigate, start]);

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
        <Link ref={trigger} href={loginHref} className={className} onClick={askToLogIn} aria-label={`Buy Now: ${tier.name}`}>
          <Icon name="cart" size={18} />
          Buy Now
        </Link>
      )}

      {step.kind === 'account' && <AccountDialog summary={summary} loginHref={loginHref} onSignedIn={signedIn} onCancel={cancel} />}
      {step.kind === 'profile' && (
        <ProfileLinkDialog
          summary={summary}
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
          profileLink={step.link}
          busy={step.busy}
          onChoose={(outcome) => void chooseSandboxCard(outcome)}
          onCancel={cancel}
        />
      )}
      {step.kind === 'result' && <ResultDialog result={step.result} onClose={cancel} onTryAgain={tryAgain} />}
    </>
  );
}
