import { appErrorOf } from '../../../../test/support/app-error';
import { CONTENT_ITEM_REQUIRED, HEADING_AND_DESCRIPTION_REQUIRED, serviceFormOf } from './service-form';

const messageOf = (run: () => unknown): string => appErrorOf(run).message;

const item = (key: string, value: string, contentId?: string) => ({ key, value, ...(contentId ? { contentId } : {}) });

describe('serviceFormOf', () => {
  it('trims the texts and keeps the items in the order sent', () => {
    expect(
      serviceFormOf({
        serviceHeading: '  Spotify ',
        serviceDescription: ' Real listeners. ',
        serviceContent: [item(' Plays ', ' 1K '), item('Delivery', '24-48 hours')],
      }),
    ).toEqual({ heading: 'Spotify', description: 'Real listeners.', content: [item('Plays', '1K'), item('Delivery', '24-48 hours')] });
  });

  it.each([
    [{ serviceDescription: 'd' }],
    [{ serviceHeading: 'h' }],
    [{ serviceHeading: '   ', serviceDescription: 'd' }],
    [{ serviceHeading: 'h', serviceDescription: '\n\t ' }],
  ])('needs a heading and a description: %j', (input) => {
    expect(messageOf(() => serviceFormOf({ ...input, serviceContent: [item('k', 'v')] }))).toBe(HEADING_AND_DESCRIPTION_REQUIRED);
  });

  it('drops blank items and needs one that is not blank', () => {
    const form = serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd', serviceContent: [item(' ', ''), item('k', 'v'), item('', '  ')] });
    expect(form.content).toEqual([item('k', 'v')]);
    expect(messageOf(() => serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd', serviceContent: [item(' ', ' ')] }))).toBe(CONTENT_ITEM_REQUIRED);
    expect(messageOf(() => serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd' }))).toBe(CONTENT_ITEM_REQUIRED);
    expect(CONTENT_ITEM_REQUIRED).toBe('At least one content item is required.');
  });

  it('refuses a half-filled item instead of losing it', () => {
    expect(messageOf(() => serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd', serviceContent: [item('Plays', ' ')] }))).toBe(
      'Each content item needs both a key and a value.',
    );
  });

  it('keeps the contentId of existing items and refuses one listed twice', () => {
    const id = '3f1c1d8e-0d3c-4c55-9c1b-2f6a2f0c9d11';
    expect(serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd', serviceContent: [item('k', 'v', id)] }).content).toEqual([item('k', 'v', id)]);
    expect(messageOf(() => serviceFormOf({ serviceHeading: 'h', serviceDescription: 'd', serviceContent: [item('a', 'b', id), item('c', 'd', id)] }))).toBe(
      'A content item is listed twice.',
    );
  });

  it('names the field that is too long', () => {
    expect(messageOf(() => serviceFormOf({ serviceHeading: 'x'.repeat(101), serviceDescription: 'd', serviceContent: [item('k', 'v')] }))).toBe(
      'serviceHeading must be at most 100 characters',
    );
  });
});
