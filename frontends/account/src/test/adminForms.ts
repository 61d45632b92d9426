/** Shared by the admin form specs (AdminLoginForm, ForgotPasswordForm, ResetPasswordForm in src/admin). */
import { fireEvent, screen } from '@testing-library/react';

export const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** Every request fails with a 500: these specs only look at the forms' own field checks. */
export function failEveryFetch() {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 500, text: async () => '{}' }) as Response) as unknown as typeof fetch;
}
