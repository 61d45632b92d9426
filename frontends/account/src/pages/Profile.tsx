import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiError, Spinner, displayName, useAuth } from '@growth/kit';
import { Banner, type BannerMessage } from '@growth/kit/ui';
import { EditProfileDialog } from '../profile/EditProfileDialog';
import { fetchProfile, formatDate, type Gender, type ProfileView } from '../profile/profileData';
import { reasonOf } from '../profile/reason';
import { displayCallingCode } from '../countries/countryFilter';
import { useCountries } from '../countries/useCountries';
import { EmailAddress } from '../profile/EmailAddress';
import styles from '../profile/Profile.module.css';

/** The sign-up form's words for gender (docs/product.md#data-shapes); '' shows as not given. */
const GENDER_NAMES: Record<Gender, string> = { '': '', '0': 'Male', '1': 'Female', '2': 'Other' };

type State = { status: 'loading' } | { status: 'failed'; reason: string; signedOut: boolean } | { status: 'ready'; profile: ProfileView };

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || 'U';
}

function CardIcon({ kind }: { kind: 'email' | 'phone' | 'country' | 'gender' | 'since' }) {
  const paths = {
    email: 'M3 6h18v12H3zM3 7l9 6 9-6',
    phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
    country: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
    gender: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
    since: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4',
  };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.cardIcon}>
      <path d={paths[kind]} />
    </svg>
  );
}

/**
 * The customer's profile (docs/product.md#screens-and-routes): header, detail cards, counters (Active and Completed
 * open their lists), View Services, Edit Profile.
 */
export default function Profile() {
  const { user, updateUser, logout } = useAuth();
  const [, navigate] = useLocation();
  const userId = user?.id ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<BannerMessage | null>(null);
  const countries = useCountries();

  const load = useCallback(async () => {
    if (!userId) return;
    setState({ status: 'loading' });
    try {
      const profile = await fetchProfile(userId);
      setState({ status: 'ready', profile });
      // The header shows the name; a restored session only knew the id and e-mail.
      updateUser({
        name: profile.name,
        phone: profile.phone,
        ...(profile.email ? { email: profile.email } : {}),
        ...(profile.createdAt ? { createdAt: profile.createdAt } : {}),
      });
    } catch (error) {
      const signedOut = error instanceof ApiError && error.status === 401;
      setState({ status: 'failed', reason: reasonOf(error), signedOut });
    }
  }, [userId, updateUser]);

  useEffect(() => {
    void load();
  }, [load]);

  const logInAgain = () => {
    logout();
    navigate(`/login?next=${encodeURIComponent('/profile')}`, { replace: true });
  };

  if (!userId) {
    return (
      <section className={styles.page}>
        <div className={styles.message} role="alert">
          <h1 className={styles.messageTitle}>Not logged in</h1>
          <p>Please log in first.</p>
          <button type="button" className="button button--primary" onClick={logInAgain}>
            Log in
          </button>
        </div>
      </section>
    );
  }

  if (state.status === 'loading') return <Spinner label="Loading your profile…" />;

  if (state.status === 'failed') {
    return (
      <section className={styles.page}>
        <div className={styles.message} role="alert">
          <h1 className={styles.messageTitle}>Failed to load profile</h1>
          <p>{state.reason}</p>
          <div className={styles.messageActions}>
            <button type="button" className="button button--primary" onClick={() => void load()}>
              Retry
            </button>
            {state.signedOut && (
              <button type="button" className="button button--ghost" onClick={logInAgain}>
                Log in again
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  const { profile } = state;
  const name = displayName({ name: profile.name, email: profile.email });
  const joined = formatDate(profile.createdAt);
  const calling = countries.find((c) => c._id === profile.callingId);
  const phone = profile.phone && calling ? `${displayCallingCode(calling.callingCode)} ${profile.phone}` : profile.phone;
  const country = profile.country || countries.find((c) => c._id === profile.countryId)?.countryName || '';
  const cards = [
    { kind: 'email' as const, label: 'Email', value: profile.email },
    { kind: 'phone' as const, label: 'Phone', value: phone },
    { kind: 'country' as const, label: 'Country', value: country },
    { kind: 'gender' as const, label: 'Gender', value: GENDER_NAMES[profile.gender] },
    { kind: 'since' as const, label: 'Member since', value: joined },
  ];
  // Active and Completed open their lists; the total has no list of its own.
  const counters = [
    { label: 'Active', value: profile.counts.active, tone: styles.counterActive, href: '/services/active' },
    { label: 'Completed', value: profile.counts.completed, tone: styles.counterCompleted, href: '/services/completed' },
    { label: 'Total services', value: profile.counts.total, tone: styles.counterTotal, href: null },
  ];

  return (
    <section className={styles.page} aria-labelledby="profile-name">
      <header className={styles.hero}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(name)}
        </span>
        <div className={styles.heroText}>
          <h1 id="profile-name" className={styles.name}>
            {name}
          </h1>
          <p className={styles.email}>
            <EmailAddress address={profile.email} />
          </p>
          {joined && <p className={styles.joined}>Joined {joined}</p>}
        </div>
        <div className={styles.heroActions}>
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
          <Link href="/services/active" className="button button--primary">
            View Services
          </Link>
        </div>
      </header>

      <Banner message={notice} />

      <h2 className="kit-visually-hidden">Contact details</h2>
      <ul className={styles.cards}>
        {cards.map((card) => (
          <li key={card.label} className={styles.card}>
            <CardIcon kind={card.kind} />
            <div className={styles.cardText}>
              <span className={styles.cardLabel}>{card.label}</span>
              <span className={styles.cardValue}>{card.kind === 'email' && card.value ? <EmailAddress address={card.value} /> : card.value || '—'}</span>
            </div>
          </li>
        ))}
      </ul>

      <h2 className={styles.sectionTitle}>Your services</h2>
      <ul className={styles.counters}>
        {counters.map((counter) => {
          const figures = (
            <>
              <span className={styles.counterValue}>{counter.value}</span> <span className={styles.counterLabel}>{counter.label}</span>
            </>
          );
          return (
            <li key={counter.label} className={counter.tone}>
              {counter.href ? (
                <Link href={counter.href} className={`${styles.counter} ${styles.counterLink}`}>
                  {figures}
                </Link>
              ) : (
                <div className={styles.counter}>{figures}</div>
              )}
            </li>
          );
        })}
      </ul>

      {editing && (
        <EditProfileDialog
          profile={profile}
          onClose={() => setEditing(false)}
          onSaved={(saved, serverMessage) => {
            setEditing(false);
            setState({ status: 'ready', profile: { ...profile, ...saved } });
            const { name, phone, countryId, callingId, gender } = saved;
            updateUser({ name, phone, countryId, callingId, gender: gender === '' ? '' : Number(gender) });
            setNotice({ tone: 'success', text: 'Profile updated', detail: serverMessage });
          }}
        />
      )}
    </section>
  );
}
