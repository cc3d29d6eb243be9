import { z } from 'zod';
import { PLAN_IDS } from '../domain/plans.js';
import { subscriptionStatusSchema } from './tenants.js';
import { nameText } from './text-fields.js';

// Texts the server answers with; the web app shows them in toasts.
export const billingMessages = {
  subscriptionIdRequired: 'Please enter a PayPal subscription ID',
  planTypeInvalid: 'Please choose the monthly or yearly plan',
  userEmailInvalid: 'Please enter a valid email address',
  subscriptionNotFound: 'PayPal subscription not found',
  subscriptionNotOurPlan: 'This PayPal subscription is not for a Passwatch plan',
  subscriptionOfAnotherOrganization: 'This PayPal subscription belongs to another organization',
  subscriptionNotApproved: 'This PayPal subscription has not been approved yet',
  subscriptionCancelled: 'This PayPal subscription has been cancelled',
  subscriptionPastDue: 'This PayPal subscription has a payment past due',
  alreadySubscribed: 'This organization already has an active subscription',
  paymentPastDue: 'A payment of this subscription is past due: update the payment method instead of buying a second plan',
  nothingToCancel: 'There is no active subscription to cancel',
  alreadyCancelling: 'The subscription is already scheduled to cancel at the end of the period',
  nothingToReactivate: 'There is no subscription scheduled to cancel',
  periodAlreadyEnded: 'The subscription has already ended; please subscribe again',
  noPaymentMethod: 'There is no PayPal subscription whose payment method could be updated',
  cancelScheduled: 'Subscription will be canceled at the end of the current period',
  activated: 'Your subscription has been activated successfully!',
  reactivated: 'Subscription Reactivated',
  paypalUnavailable: 'PayPal could not be reached. Please try again in a moment.',
  paypalRefused: "PayPal refused this change in the subscription's current state. Please refresh and try again.",
  invoiceNotFound: 'Invoice not found',
  webhookSignatureInvalid: 'Invalid webhook signature',
} as const;

/**
 * GET /api/subscription-status. Dates are ISO 8601 or null. `currentPeriodEnd` is the end of the
 * paid period (the renewal date while it renews); `subscriptionEndsAt` is when access ends, set
 * only when it does end (cancel at period end, or cancelled); `trialEnd` only for a trial.
 */
export const subscriptionStatusResponse = z.object({
  status: subscriptionStatusSchema,
  plan: z.enum(PLAN_IDS).nullable(),
  subscriptionEndsAt: z.string().nullable(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponse>;

/** GET /api/subscription-verification: re-read from PayPal now. */
export const subscriptionVerificationResponse = subscriptionStatusResponse.extend({ verifiedAt: z.string() });
export type SubscriptionVerificationResponse = z.infer<typeof subscriptionVerificationResponse>;

/**
 * POST /api/cancel-subscription, /api/reactivate-subscription and
 * /api/paypal/activate-subscription: the new status and the text for the success toast.
 */
export const subscriptionChangeResponse = subscriptionStatusResponse.extend({ message: z.string() });
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponse>;

/** POST /api/paypal/create-subscription */
export const createSubscriptionBody = z.object({
  planType: z.enum(PLAN_IDS, { error: billingMessages.planTypeInvalid }),
  /** The buyer's address, prefilled on PayPal's page; optional. */
  userEmail: z.union([z.email({ error: billingMessages.userEmailInvalid }).trim().max(320), z.literal('')]).nullish(),
  userName: nameText('Name').trim().max(200).nullish(),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;
export const createSubscriptionResponse = z.object({
  /** Where to send the browser: PayPal's approval page. */
  approvalUrl: z.string(),
  subscriptionId: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

/** POST /api/paypal/activate-subscription: the id from the return URL or typed by the user. */
export const activateSubscriptionBody = z.object({
  subscriptionId: z
    .string({ error: billingMessages.subscriptionIdRequired })
    .trim()
    .min(1, billingMessages.subscriptionIdRequired)
    .max(64, billingMessages.subscriptionNotFound)
    // PayPal's ids are letters, digits and hyphens (I-ABC123...); the id becomes a segment of a
    // PayPal API path, where '..', '/' or a broken character would change or break the call.
    .regex(/^[A-Za-z0-9-]+$/, billingMessages.subscriptionNotFound),
});
export type ActivateSubscriptionBody = z.infer<typeof activateSubscriptionBody>;

/**
 * POST /api/update-payment-method. PayPal has no API to change a subscriber's funding source:
 * the buyer changes it on PayPal's automatic-payments page. `clientSecret` (the original API's field
 * name) and `url` both hold that page's address.
 */
export const updatePaymentMethodResponse = z.object({ clientSecret: z.string(), url: z.string() });
export type UpdatePaymentMethodResponse = z.infer<typeof updatePaymentMethodResponse>;

/** One recorded payment, newest first in GET /api/billing-history. */
const billingHistoryItem = z.object({
  id: z.string(),
  /** When PayPal took the payment (ISO 8601). */
  date: z.string(),
  /** e.g. 'Passwatch Monthly plan, 3/1/2025 - 4/1/2025' */
  description: z.string(),
  /** Amount in `currency` (always USD), e.g. 35. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'refunded', 'partially_refunded']),
  invoiceNumber: z.string(),
  /** Opens the printable invoice (GET, new tab). */
  invoiceUrl: z.string(),
});
export type BillingHistoryItem = z.infer<typeof billingHistoryItem>;
export const billingHistoryResponse = z.array(billingHistoryItem);
