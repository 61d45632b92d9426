/**
 * The origins the remotes are loaded from, as Content-Security-Policy sources. A remote configured
 * by path (`/remotes/storefront/remoteEntry.js`, the default) lives on our own origin ('self'); one
 * moved to a CDN (`REMOTE_STOREFRONT_URL=https://cdn.example.com/storefront/remoteEntry.js`) brings
 * its entry, chunks, manifest, CSS, fonts and images from that origin, so the page must allow it.
 * A protocol-relative location (`//cdn.example.com/...`) becomes a scheme-less host source, which
 * follows the page's scheme.
 */
export function remoteOrigins(remotes: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const location of Object.values(remotes)) {
    if (location.startsWith('//')) {
      const url = safeUrl(`https:${location}`);
      if (url) origins.add(url.host);
      continue;
    }
    const url = safeUrl(location);
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) origins.add(url.origin);
  }
  return [...origins];
}

function safeUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null; // a path: our own origin
  }
}
