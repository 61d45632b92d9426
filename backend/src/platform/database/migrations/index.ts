import { CatalogueAndPlans1763700000000 } from './1763700000000-catalogue-and-plans';
import { Admins1763700000100 } from './1763700000100-admins';
import { ContactRequestsAndDocuments1763700000400 } from './1763700000400-contact-requests-and-documents';
import { Identity1763800000000 } from './1763800000000-identity';
import { Subscriptions1763800000100 } from './1763800000100-subscriptions';
import { Billing1763900000000 } from './1763900000000-billing';
import { SessionVersions1764000000000 } from './1764000000000-session-versions';
import { AdminCodes1764100000300 } from './1764100000300-admin-codes';
import { AuditLog1764200000000 } from './1764200000000-audit-log';
import { MailOutbox1764200000300 } from './1764200000300-mail-outbox';
import { AdminLists1764300000000 } from './1764300000000-admin-lists';
import { EmailProof1764300000600 } from './1764300000600-email-proof';
import { CustomerEmails1764400000000 } from './1764400000000-customer-emails';
import { Fulfilment1764500000000 } from './1764500000000-fulfilment';
import { Refunds1764600000000 } from './1764600000000-refunds';
import { AccountsAndSessions1764700000500 } from './1764700000500-accounts-and-sessions';
import { OrderLifetime1764700000000 } from './1764700000000-order-lifetime';
import { Reports1764800000000 } from './1764800000000-reports';
import { UpstreamAnswers1764850000000 } from './1764850000000-upstream-answers';
import { Refills1764900000000 } from './1764900000000-refills';
import { PasswordResetCodes1764900000100 } from './1764900000100-password-reset-codes';
import { ServiceSlugs1764900000200 } from './1764900000200-service-slugs';
import { ListDayCounts1765000000000 } from './1765000000000-list-day-counts';
import { ServicePlan1765100000000 } from './1765100000000-service-plan';
import { MailDelivery1765200000000 } from './1765200000000-mail-delivery';
import { SecondPayments1765200000100 } from './1765200000100-second-payments';
import { Fulfilments1765300000000 } from './1765300000000-fulfilments';
import { SandboxOrders1765400000000 } from './1765400000000-sandbox-orders';
import { CookiePolicyDeviceCookies1765500000000 } from './1765500000000-cookie-policy-device-cookies';
import { PartialUpstreamCost1765600000000 } from './1765600000000-partial-upstream-cost';

/**
 * Every migration, in order. Tables are created by these only (no `synchronize`); the same list runs
 * on PGlite and on PostgreSQL.
 */
export const migrations: Function[] = [
  CatalogueAndPlans1763700000000,
  Admins1763700000100,
  ContactRequestsAndDocuments1763700000400,
  Identity1763800000000,
  Subscriptions1763800000100,
  Billing1763900000000,
  SessionVersions1764000000000,
  AdminCodes1764100000300,
  AuditLog1764200000000,
  MailOutbox1764200000300,
  AdminLists1764300000000,
  EmailProof1764300000600,
  CustomerEmails1764400000000,
  Fulfilment1764500000000,
  Refunds1764600000000,
  OrderLifetime1764700000000,
  AccountsAndSessions1764700000500,
  Reports1764800000000,
  UpstreamAnswers1764850000000,
  Refills1764900000000,
  PasswordResetCodes1764900000100,
  ServiceSlugs1764900000200,
  ListDayCounts1765000000000,
  ServicePlan1765100000000,
  MailDelivery1765200000000,
  SecondPayments1765200000100,
  Fulfilments1765300000000,
  SandboxOrders1765400000000,
  CookiePolicyDeviceCookies1765500000000,
  PartialUpstreamCost1765600000000,
];
