/** `slug(heading)`: lower case, runs of non-alphanumerics become '-', no leading or trailing '-'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
