import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../api/errors';
import type { SessionUser, SignInUser } from '@growth/contracts';
import { signIn, signInWithGoogle, signUp, type RegistrationForm } from './authCalls';
import { endSessionOnServer } from './serverLogout';
import { ADMIN_TOKEN_KEY, EMAIL_KEY, SESSION_CHANGED_EVENT, TOKEN_KEY, USER_ID_KEY, safeStorage } from './storageKeys';
import { buildSessionUser } from './sessionUser';

/** What a successful login, Google sign-in or registration hands to the session. */
export interface SessionGrant {
  token: string;
  userId: string;
  /** The e-mail typed at login; the fallback when the server's user carries none. */
  email: string;
  /** The customer as the server's answer carries it. */
  user?: Partial<SignInUser> | null;
}

export interface AuthContextValue {
  token: string | null;
  user: SessionUser | null;
  /** True until the stored session has been read. */
  loading: boolean;
  /** A token exists. */
  isAuthenticated: boolean;
  /**
   * Store token, userId, email in local storage and set token and user.
   * Used by login / googleLogin / register below; exposed for callers holding a token already.
   */
  startSession(grant: SessionGrant): void;
  /** Merge newer profile fields (e.g. after a profile edit). */
  updateUser(patch: Partial<SessionUser>): void;
  /**
   * Clear all local storage and reset user and token. The caller navigates to /. The
   * server is asked to end the sessions whose tokens go (the customer's, and an admin token that
   * was stored too), so a copied token stops working as well.
   */
  logout(): void;
  /**
   * POST /user/login and start the session. Failures are swallowed (docs/product.md#error-texts): false, with the
   * reason available from `lastAuthError()`.
   */
  login(email: string, password: string): Promise<boolean>;
  /** POST /user/register, then log in with the same credentials; the result is that login's. */
  register(form: RegistrationForm): Promise<boolean>;
  /** POST /user/google with a Google ID token and start the session. */
  googleLogin(idToken: string): Promise<boolean>;
  /** The human reason of the last failed login / register / googleLogin, or null after a success. */
  lastAuthError(): string | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface StoredSession {
  token: string | null;
  user: SessionUser | null;
}

function readStoredSession(): StoredSession {
  const storage = safeStorage();
  const token = storage?.getItem(TOKEN_KEY) ?? null;
  const userId = storage?.getItem(USER_ID_KEY) ?? null;
  const email = storage?.getItem(EMAIL_KEY) ?? null;
  return { token, user: token && userId && email ? buildSessionUser(userId, email) : null };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession>({ token: null, user: null });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    setSession(readStoredSession());
    setLoading(false);
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_ID_KEY || event.key === EMAIL_KEY) {
        setSession(readStoredSession());
      }
    };
    const onSessionChanged = () => setSession(readStoredSession());
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_CHANGED_EVENT, onSessionChanged);
    };
  }, []);

  const startSession = useCallback((grant: SessionGrant) => {
    const storage = safeStorage();
    storage?.setItem(TOKEN_KEY, grant.token);
    storage?.setItem(USER_ID_KEY, grant.userId);
    storage?.setItem(EMAIL_KEY, grant.user?.email || grant.email);
    setSession({ token: grant.token, user: buildSessionUser(grant.userId, grant.email, grant.user ?? {}) });
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setSession((current) => (current.user ? { ...current, user: { ...current.user, ...patch } } : current));
  }, []);

  const lastError = useRef<string | null>(null);
  const settle = useCallback(
    async (attempt: Promise<SessionGrant>): Promise<boolean> => {
      lastError.current = null;
      try {
        startSession(await attempt);
        return true;
      } catch (error) {
        lastError.current = errorText(error);
        return false;
      }
    },
    [startSession],
  );
  const login = useCallback((email: string, password: string) => settle(signIn(email, password)), [settle]);
  const register = useCallback((form: RegistrationForm) => settle(signUp(form)), [settle]);
  const googleLogin = useCallback((idToken: string) => settle(signInWithGoogle(idToken)), [settle]);
  const lastAuthError = useCallback(() => lastError.current, []);

  const logout = useCallback(() => {
    const storage = safeStorage();
    endSessionOnServer('/user/logout', storage?.getItem(TOKEN_KEY) ?? null);
    endSessionOnServer('/admin/logout', storage?.getItem(ADMIN_TOKEN_KEY) ?? null);
    storage?.clear();
    setSession({ token: null, user: null });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      token: session.token,
      user: session.user,
      loading,
      isAuthenticated: Boolean(session.token),
      startSession,
      updateUser,
      logout,
      login,
      register,
      googleLogin,
      lastAuthError,
    }),
    [session, loading, startSession, updateUser, logout, login, register, googleLogin, lastAuthError],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be inside AuthProvider');
  return context;
}
