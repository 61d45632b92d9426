// The toast lives in kit (@growth/kit/ui) so the admin login in the account remote shows the same one.
export { ADMIN_TOAST_MS, Toast } from '@growth/kit/ui';
