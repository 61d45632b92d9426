/**
 * What the subscriptions module offers other modules besides its Nest module, its application
 * ports and its domain types: how a subscription is shown in an API answer (SubscriptionPresenter,
 * which SubscriptionsModule provides and exports), so the billing and fulfilment routes that answer
 * with a subscription show it exactly as the subscriptions routes do
 * (docs/architecture.md#backend-modules).
 */
export { SubscriptionPresenter } from './adapters/http/subscription.presenter';
