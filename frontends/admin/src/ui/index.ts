// Shared admin UI (one import place for every admin page).
export { Banner } from './Banner';
export { CodeField } from '@growth/kit/ui';
export type { BannerTone } from './Banner';
export { ConfirmDialog } from './ConfirmDialog';
export { ErrorBanner } from './ErrorBanner';
export { Pager } from './Pager';
export { PasswordField } from '@growth/kit/ui';
export { SubmitButton } from '@growth/kit/ui';
export { TextArea } from './TextArea';
export { TextField } from '@growth/kit/ui';
export { ADMIN_TOAST_MS, Toast } from './Toast';
export { formatDate } from './formatDate';
export { serverMessage } from './serverMessage';
export { default as uiStyles } from './Ui.module.css';
