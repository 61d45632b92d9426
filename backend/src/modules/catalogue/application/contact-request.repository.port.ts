import type { ContactRequest, NewContactRequest } from '../domain/contact-request';

/** Where contact requests are kept until support has handled them. */
export abstract class ContactRequestRepository {
  /** Stores a new, unhandled request and returns it with its id and creation time. */
  abstract record(request: NewContactRequest): Promise<ContactRequest>;
}
