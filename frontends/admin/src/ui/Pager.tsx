import { Pager as KitPager } from '@growth/kit/ui';
import type { ComponentProps } from 'react';
import styles from './Ui.module.css';

/** The shared pager (kit), with the admin lists' space above it. */
export function Pager(props: Omit<ComponentProps<typeof KitPager>, 'className'>) {
  return <KitPager {...props} className={styles.pager} />;
}
