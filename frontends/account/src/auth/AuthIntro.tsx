import type { ReactNode } from 'react';
import { Banner, type BannerMessage } from '@growth/kit/ui';
import styles from './Auth.module.css';

interface Props {
  title: string;
  /** The line under the title. */
  subtitle: ReactNode;
  /** The form's banner (a failure, or the server's answer). */
  message: BannerMessage | null;
  /** More lines under the subtitle. */
  children?: ReactNode;
}

/**
 * The top of every sign-in form (customer and admin): the title, which the page focuses on
 * arrival (tabIndex -1), the words under it and the form's banner.
 */
export function AuthIntro({ title, subtitle, message, children }: Props) {
  return (
    <>
      <header className={styles.intro}>
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </header>
      <Banner message={message} />
    </>
  );
}
