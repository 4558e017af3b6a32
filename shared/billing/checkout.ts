import { ServiceUnavailableError } from '../http/errors';

/**
 * Checkout needs a payment provider's configuration (account, price ids, webhook secret). No
 * deployment has one yet, and none is read from the environment, so checkout is refused outright
 * rather than pretending to start a purchase.
 */
export class PaymentNotConfiguredError extends ServiceUnavailableError {
  override readonly code = 'payment-not-configured';
  override readonly title = 'Checkout unavailable: payment is not configured';
}

/** Start a purchase of `tier`: always 503 while payment configuration is absent (spec "Errors" 7). */
export function startCheckout(tier: string | undefined, pricingUrl: string): never {
  const what = tier ? `the ${tier} tier` : 'a tier';
  throw new PaymentNotConfiguredError(
    `Payment configuration is absent on this deployment, so ${what} cannot be bought online. Tiers and allowances are listed at ${pricingUrl}; keys are issued on request.`,
    { pricing_url: pricingUrl },
  );
}
