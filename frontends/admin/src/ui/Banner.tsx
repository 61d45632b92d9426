import { Banner as KitBanner, type BannerProps } from '@growth/kit/src/ui/forms/Banner';
import styles from './Ui.module.css';

export type { BannerTone } from '@growth/kit/src/ui/forms/Banner';

/** The shared banner (kit), with the admin pages' space below it. */
export function Banner({ className = '', ...props }: BannerProps) {
  return <KitBanner {...(props as BannerProps)} className={`${styles.bannerGap} ${className}`} />;
}
