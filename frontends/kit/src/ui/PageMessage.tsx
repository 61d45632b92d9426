import type { ReactNode } from 'react';

interface Props {
  /** The status shown large above the title ("404"); screen readers skip it. */
  code: string;
  title: string;
  text: string;
  /** The links on (buttons). */
  children: ReactNode;
}

/** A whole-page message (Not Found, Access Denied), styled by the shell's page-message classes. */
export function PageMessage({ code, title, text, children }: Props) {
  return (
    <section className="page-message">
      <p className="page-message__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="page-message__title">{title}</h1>
      <p className="page-message__text">{text}</p>
      <div className="page-message__actions">{children}</div>
    </section>
  );
}
