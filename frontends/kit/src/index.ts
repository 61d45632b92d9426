// @growth/kit: the API client, the session store, shared types and small UI pieces.
// A shared singleton: every app gets the same instance at run time.
export { api, adminApi, createApiClient, ADMIN_SESSION_EXPIRED_URL, PAYMENT_VERIFY_TIMEOUT_MS } from './api/client';
export type { ApiClient, ApiClientOptions, RequestOptions } from './api/client';
export { ApiError, GENERIC_ERROR_MESSAGE, errorText, extractErrorText } from './api/errors';

export { AuthProvider, useAuth } from './session/AuthProvider';
export type { AuthContextValue, SessionGrant } from './session/AuthProvider';
export type { RegistrationForm } from './session/authCalls';
export { buildSessionUser, displayName } from './session/sessionUser';
export { clearAdminSession, getAdminId, getAdminToken, hasAdminSession, setAdminSession } from './session/adminSession';
export { endSessionOnServer, logOutAdmin } from './session/serverLogout';
export { ADMIN_ID_KEY, ADMIN_TOKEN_KEY, EMAIL_KEY, IS_ADMIN_KEY, TOKEN_KEY, USER_ID_KEY, SESSION_CHANGED_EVENT, notifySessionChanged } from './session/storageKeys';

export { getRuntimeConfig, setRuntimeConfig } from './config/runtimeConfig';
export { pageAnswer, setPageAnswers } from './ssr/pageAnswers';

export { Spinner } from './ui/Spinner';
export { PagePlaceholder } from './ui/PagePlaceholder';
export { PageMessage } from './ui/PageMessage';
export { PageNotFound } from './ui/PageNotFound';
export { Logo } from './ui/Logo';
export { slugify } from './util/slug';
export { logoSrc } from './util/logo';
export { createScriptLoader } from './util/scriptLoader';
export type { ScriptLoaderOptions } from './util/scriptLoader';
export { PLATFORMS } from './util/platforms';
export type { Platform } from './util/platforms';

// The API's body types, from the one place the backend's response builders are typed with too.
export type * from '@growth/contracts';
