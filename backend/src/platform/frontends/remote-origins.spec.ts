import { remoteOrigins } from './remote-origins';

describe('remoteOrigins', () => {
  it('is empty while every remote is served by this server (paths)', () => {
    expect(remoteOrigins({ storefront: '/remotes/storefront/remoteEntry.js', account: '/remotes/account/mf-manifest.json' })).toEqual([]);
  });

  it('names the origin (scheme, host, port) of each remote on another server, once', () => {
    expect(
      remoteOrigins({
        storefront: 'https://cdn.example.com/storefront/remoteEntry.js',
        account: 'https://cdn.example.com/account/mf-manifest.json?v=2',
        admin: 'http://127.0.0.1:4203/remoteEntry.js',
      }),
    ).toEqual(['https://cdn.example.com', 'http://127.0.0.1:4203']);
  });

  it('keeps a protocol-relative location scheme-less, and ignores what is not an http(s) URL', () => {
    expect(remoteOrigins({ storefront: '//cdn.example.com:8443/s/remoteEntry.js', account: 'javascript:alert(1)', admin: 'remotes/admin/remoteEntry.js' })).toEqual([
      'cdn.example.com:8443',
    ]);
  });
});
