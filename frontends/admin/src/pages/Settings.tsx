import { AdminLayout } from '../layout/AdminLayout';
import { EmailChange } from '../settings/EmailChange';
import { PasswordChange } from '../settings/PasswordChange';
import styles from '../settings/Settings.module.css';

/** /admin/settings: the admin's own e-mail and password. */
export default function Settings() {
  return (
    <AdminLayout title="Settings">
      <div className={styles.grid}>
        <EmailChange />
        <PasswordChange />
      </div>
    </AdminLayout>
  );
}
