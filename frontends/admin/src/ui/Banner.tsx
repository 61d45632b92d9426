import { Banner as KitBanner, type BannerProps } from '@growth/kit/ui';
import styles from './Ui.module.css';

export type { BannerTone } from '@growth/kit/ui';

/** The shared banner (kit), with the admin pages' space below it. */
export function Banner({ className = '', ...props }: BannerProps) {
  return <KitBanner {...(props as BannerProps)} className={`${styles.bannerGap} ${className}`} />;
}
