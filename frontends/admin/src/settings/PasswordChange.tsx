import { useEffect, useId, useState, type FormEvent } from 'react';
import { adminApi, getAdminId, setAdminSession, type MessageAndTokenAnswer } from '@growth/kit';
import { Banner, PasswordField, SubmitButton } from '../ui';
import { SESSION_EXPIRED, settingsFailure, type Failure } from './settingsFailure';
import formStyles from '@growth/kit/form.module.css';
import styles from './Settings.module.css';

/**
 * Change of the admin's password (docs/product.md#validation): all fields required, new and confirm equal; the
 * confirm box appears once a new password is typed. The server hands back a new token (the change
 * ends every older session), which is stored.
 */
export function PasswordChange() {
  const titleId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Which check of this form refused the last submit; its message goes as soon as the fields pass it.
  const [refused, setRefused] = useState<'empty' | 'mismatch' | null>(null);

  useEffect(() => {
    const fixed = refused === 'empty' ? Boolean(oldPassword && newPassword && confirm) : refused === 'mismatch' ? newPassword === confirm : false;
    if (fixed) {
      setRefused(null);
      setFailure(null);
    }
  }, [refused, oldPassword, newPassword, confirm]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSuccess(null);
    setRefused(null);
    if (!oldPassword || !newPassword || !confirm) {
      setRefused('empty');
      setFailure({ text: 'Fill all password fields.', detail: null });
      const empty = !oldPassword ? 'settings-old-password' : !newPassword ? 'settings-new-password' : 'settings-confirm-password';
      document.getElementById(empty)?.focus();
      return;
    }
    if (newPassword !== confirm) {
      setRefused('mismatch');
      setFailure({ text: 'Passwords do not match.', detail: null });
      document.getElementById('settings-confirm-password')?.focus();
      return;
    }
    const adminId = getAdminId();
    if (!adminId) {
      setFailure({ text: SESSION_EXPIRED, detail: null });
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi.post<MessageAndTokenAnswer>('/admin/update-password', { adminId, oldPassword, newPassword });
      if (answer.token) setAdminSession(answer.token, adminId); // the change ended every older session
      setSuccess(answer.message || 'Password updated');
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
    } catch (err) {
      setFailure(settingsFailure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        Change password
      </h2>
      {failure && <Banner tone="failure" text={failure.text} detail={failure.detail} />}
      {success && <Banner tone="success" text={success} />}
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
        <PasswordField id="settings-old-password" label="Current password" autoComplete="current-password" value={oldPassword} onChange={setOldPassword} />
        <PasswordField
          id="settings-new-password"
          label="New password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          hint="At least 10 characters."
        />
        {newPassword !== '' && (
          <PasswordField id="settings-confirm-password" label="Confirm new password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
        )}
        <div className={styles.actions}>
          <SubmitButton busy={busy}>Update Password</SubmitButton>
        </div>
      </form>
    </section>
  );
}
