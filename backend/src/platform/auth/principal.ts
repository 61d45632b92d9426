/** Who is calling, as read from a verified session token. */
export type Role = 'customer' | 'admin';
export const ROLES: readonly Role[] = ['customer', 'admin'];

export interface Principal {
  /** userId for a customer, adminId for an admin (the token's `sub`). */
  readonly id: string;
  readonly role: Role;
}

/** DESIGN §3: a body's userId must be the caller's own, unless the caller is an admin. */
export function mayActForUser(principal: Principal, userId: string): boolean {
  return principal.role === 'admin' || principal.id === userId;
}
