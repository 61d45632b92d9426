import { useState, type FormEvent } from 'react';
import { api, extractErrorText, ApiError, type MessageAnswer } from '@growth/kit';
import styles from './ContactForm.module.css';

/** The contact request's serviceType values (docs/product.md#catalogue). */
const SERVICE_TYPES = [
  { value: 'growth', label: 'Growth' },
  { value: 'management', label: 'Management' },
  { value: 'consultation', label: 'Consultation' },
] as const;

/** The contact form's platform list (docs/product.md#what-the-shop-sells). */
const PLATFORMS = ['YouTube', 'Instagram', 'LinkedIn', 'Twitter', 'TikTok', 'Spotify'] as const;

const EMPTY = { user_name: '', user_email: '', serviceType: '', platform: '', message: '' };
type Fields = typeof EMPTY;

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

type Result = { kind: 'success' | 'error'; text: string } | null;

/** The contact form (docs/product.md#validation, docs/product.md#error-texts): all five fields required, disabled while sending, cleared on success. */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  // Editing a field answers the error it was refused with: the message goes away at once, rather
  // than staying on a form that is now right.
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [name]: event.target.value }));
    setResult((current) => (current?.kind === 'error' ? null : current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    try {
      const body = await api.post<MessageAnswer>('/contact/contact', {
        user_name: fields.user_name.trim(),
        user_email: fields.user_email.trim(),
        serviceType: fields.serviceType,
        platform: fields.platform,
        message: fields.message.trim(),
      });
      setFields(EMPTY);
      setResult({ kind: 'success', text: body.message || 'Thanks! Your message has been sent.' });
    } catch (error) {
      const text = error instanceof ApiError ? extractErrorText(error.body) : null;
      setResult({ kind: 'error', text: text || FALLBACK_ERROR });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-labelledby="contact-form-title" data-testid="contact-form">
      <h2 id="contact-form-title" className={styles.title}>
        Send us a message
      </h2>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-name">Name</label>
          <input id="contact-name" name="user_name" type="text" autoComplete="name" required maxLength={100} value={fields.user_name} onChange={set('user_name')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email">Email</label>
          <input id="contact-email" name="user_email" type="email" autoComplete="email" required maxLength={254} value={fields.user_email} onChange={set('user_email')} />
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-service">Service</label>
          <select id="contact-service" name="serviceType" required value={fields.serviceType} onChange={set('serviceType')}>
            <option value="" disabled>
              Select a service
            </option>
            {SERVICE_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-platform">Platform</label>
          <select id="contact-platform" name="platform" required value={fields.platform} onChange={set('platform')}>
            <option value="" disabled>
              Select a platform
            </option>
            {PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required minLength={10} maxLength={5000} value={fields.message} onChange={set('message')} />
      </div>
      <button type="submit" className={`button button--primary ${styles.submit}`} disabled={sending}>
        {sending ? 'Sending…' : 'Send Message'}
      </button>
      <div className={styles.result} role="status" aria-live="polite">
        {result?.kind === 'success' && <p className={styles.success}>{result.text}</p>}
      </div>
      <div className={styles.result} role="alert">
        {result?.kind === 'error' && <p className={styles.error}>{result.text}</p>}
      </div>
    </form>
  );
}
