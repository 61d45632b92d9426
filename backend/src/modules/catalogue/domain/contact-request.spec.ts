import { supportNotification } from './contact-request';

describe('supportNotification', () => {
  const request = {
    id: '5b0c8e3e-1111-4222-8333-444455556666',
    name: 'Arjun Mehta',
    email: 'arjun@example.com',
    serviceType: 'consultation' as const,
    platform: 'Spotify' as const,
    message: 'We release an album in October.\nCan you plan a campaign?',
    createdAt: new Date('2025-09-02T08:30:00Z'),
    handledAt: null,
  };

  it('names the service, platform and sender in the subject', () => {
    expect(supportNotification(request).subject).toBe('Contact request: Consultation on Spotify from Arjun Mehta');
  });

  it('lists every field, then the message as written', () => {
    const { text } = supportNotification(request);
    expect(text).toContain('Name:         Arjun Mehta');
    expect(text).toContain('E-mail:       arjun@example.com');
    expect(text).toContain('Service type: Consultation (consultation)');
    expect(text).toContain('Platform:     Spotify');
    expect(text).toContain('Received:     2025-09-02T08:30:00.000Z');
    expect(text).toContain(`Request id:   ${request.id}`);
    expect(text).toContain('Message:\nWe release an album in October.\nCan you plan a campaign?');
  });
});
