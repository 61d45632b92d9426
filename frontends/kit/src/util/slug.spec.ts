import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['YouTube', 'youtube'],
    ['X (Twitter)', 'x-twitter'],
    ['  LinkedIn Growth!! ', 'linkedin-growth'],
    ['Threads & Telegram -- 2025', 'threads-telegram-2025'],
    ['---', ''],
  ])('%j -> %j', (heading, slug) => {
    expect(slugify(heading)).toBe(slug);
  });
});
