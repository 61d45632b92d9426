import type { Admin } from '../domain/admin';

/** Where admin accounts are kept. Addresses are stored normalised. Joins the caller's UnitOfWork. */
export abstract class AdminRepository {
  abstract findByEmail(email: string): Promise<Admin | null>;
  /** Null for an unknown id, including one that is not a valid id at all. */
  abstract findById(adminId: string): Promise<Admin | null>;
  /** Stores a new password hash and raises the token version (every session ends). Null for an unknown admin. */
  abstract changePassword(adminId: string, passwordHash: string): Promise<Admin | null>;
  /**
   * Switches the address and raises the token version. Throws AppError 'conflict' (email_taken) when
   * another admin has the address. Null for an unknown admin.
   */
  abstract changeEmail(adminId: string, email: string): Promise<Admin | null>;
  /** The addresses of these admins, by id; ids of admins that do not exist are left out. */
  abstract emailsOf(adminIds: string[]): Promise<Map<string, string>>;
}
