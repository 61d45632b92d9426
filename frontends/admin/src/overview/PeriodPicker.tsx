import { useEffect, useId, useState, type FormEvent } from 'react';
import { DateField } from '../ui/DateField';
import { PERIOD_CHOICES, isDate, type Period, type PeriodId } from './period';
import styles from './Overview.module.css';

interface Props {
  period: Period;
  disabled: boolean;
  onChoose(id: PeriodId, dates?: { from: string; to: string }): void;
}

/** Today, 7 days, 30 days, 12 months or custom dates (both included); the choice lives in the address. */
export function PeriodPicker({ period, disabled, onChoose }: Props) {
  const [custom, setCustom] = useState(period.id === 'custom');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const problemId = useId();

  useEffect(() => {
    setCustom(period.id === 'custom');
    setFrom(period.from);
    setTo(period.to);
  }, [period.id, period.from, period.to]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isDate(from) || !isDate(to)) return setProblem('Enter both dates.');
    if (from > to) return setProblem('The first day must not be after the last day.');
    setProblem(null);
    onChoose('custom', { from, to });
  };

  return (
    <div className={styles.picker}>
      <div className={styles.choices} role="group" aria-label="Period">
        {PERIOD_CHOICES.map((choice) => {
          const pressed = choice.id === 'custom' ? custom : !custom && period.id === choice.id;
          return (
            <button
              key={choice.id}
              type="button"
              className={pressed ? `${styles.choice} ${styles.chosen}` : styles.choice}
              aria-pressed={pressed}
              disabled={disabled && !pressed}
              onClick={() => {
                if (choice.id === 'custom') setCustom(true);
                else {
                  setCustom(false);
                  onChoose(choice.id);
                }
              }}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
      {custom && (
        <form className={styles.customDates} onSubmit={apply} aria-label="Custom period" noValidate>
          <DateField id={fromId} label="From" className={styles.field} value={from} max={to} onChange={setFrom} describedBy={problem ? problemId : undefined} />
          <DateField id={toId} label="To" className={styles.field} value={to} min={from} onChange={setTo} describedBy={problem ? problemId : undefined} />
          <button type="submit" className="button button--primary" disabled={disabled}>
            Show
          </button>
          {problem && (
            <p id={problemId} className={styles.problem} role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
