// @growth/kit/ui: kit's form controls, small widgets and the paged lists' pager and hook. Plain
// code without state of its own, so each app bundles the pieces it uses; what must be one instance
// at run time (session, API client, runtime config) stays in the shared @growth/kit entry.
export { Banner, failure } from './forms/Banner';
export type { BannerMessage, BannerProps, BannerTone } from './forms/Banner';
export { CodeField } from './forms/CodeField';
export { FieldNotes, describedBy } from './forms/FieldNotes';
export { PasswordField } from './forms/PasswordField';
export { SubmitButton } from './forms/SubmitButton';
export { TextField } from './forms/TextField';
export { Chip } from './Chip';
export type { ChipTone } from './Chip';
export { StatusChip, subscriptionStatusLabel } from './StatusChip';
export { ADMIN_TOAST_MS, Toast } from './Toast';
export { FOCUSABLE, useModalDialog } from './useModalDialog';
export { Pager } from './Pager';
export { pageCount, pageOf, usePaging } from './usePaging';
export type { PageInAddress } from './usePaging';
