import { useId, useState } from 'react';
import { Icon } from '../components/Icon';
import styles from './FaqItem.module.css';

/** One question of the FAQ as an accordion: a heading button that shows or hides its answer region. */
export function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <div className={`${styles.item} ${open ? styles.open : ''}`}>
      <h3 className={styles.heading}>
        <button id={buttonId} type="button" className={styles.button} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          <span>{question}</span>
          <Icon name="chevronDown" size={20} className={styles.chevron} />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
        <p>{answer}</p>
      </div>
    </div>
  );
}
