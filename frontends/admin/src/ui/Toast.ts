// The toast lives in kit (source only, imported by path) so the admin login in the account remote shows the same one.
export { ADMIN_TOAST_MS, Toast } from '@growth/kit/src/ui/Toast';
