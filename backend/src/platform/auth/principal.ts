/** Who is calling, as read from a verified session token. */
export type Role = 'customer' | 'admin';
export const ROLES: readonly Role[] = ['customer', 'admin'];

export interface Principal {
  /** userId for a customer, adminId for an admin (the token's `sub`). */
  readonly id: string;
  readonly role: Role;
  /**
   * The session of the caller's token (its `jti` and expiry), set by the guard: what logging out
   * ends. Absent for principals made in code (a password reset acting as its admin).
   */
  readonly session?: { readonly id: string; readonly expiresAt: Date };
}

/** docs/architecture.md#api-contract: a body's userId must be the caller's own, unless the caller is an admin. */
export function mayActForUser(principal: Principal, userId: string): boolean {
  return principal.role === 'admin' || principal.id === userId;
}
