/**
 * The shop's name, the one source of it: the site's logo and page titles (through the runtime
 * config and the server-rendered page heads), the mails' sender name (MAIL_FROM's default) and the
 * mails' own texts. Renaming the shop is changing this line (plain words: the mails put it into
 * their HTML as it is).
 */
export const SHOP_NAME = 'SocialGrowth';
