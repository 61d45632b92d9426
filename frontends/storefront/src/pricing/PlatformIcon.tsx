/** Our own simplified platform glyphs (no brand assets fetched); a generic growth mark otherwise. */
function Glyph({ slug }: { slug: string }) {
  switch (slug) {
    case 'youtube':
      return (
        <>
          <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="currentColor" />
          <path d="M10 9l5 3-5 3z" fill="#fff" />
        </>
      );
    case 'instagram':
      return (
        <g fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
        </g>
      );
    case 'x':
      return <path d="M4 4l16 16M20 4L4 20" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />;
    case 'threads':
      return (
        <path
          d="M16.5 11.2c-.6-2.6-2.5-3.9-4.8-3.9-2.8 0-4.7 2-4.7 4.8 0 3.1 2 5.2 5.2 5.2 2.6 0 4.7-1.5 4.7-3.9 0-2.1-1.7-3.2-4-3.2-2 0-3.3.9-3.3 2.3 0 1.2 1 2 2.4 2 2.2 0 3.3-1.7 3.3-4.6 0-4.3-2.6-6.7-6-6.7C7.4 3.2 4 6.5 4 12s3.4 8.8 8.3 8.8c3.2 0 5.6-1.3 7-3.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      );
    case 'telegram':
      return <path d="M21 4L3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6-6 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />;
    case 'linkedin':
      return (
        <>
          <rect x="3" y="3" width="18" height="18" rx="3" fill="currentColor" />
          <path d="M8 10v7M8 7v.01M11.5 17v-7M11.5 13c0-2 1-3 2.5-3s2 1 2 3v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" fill="none" />
        </>
      );
    case 'tiktok':
      return (
        <path
          d="M14 3v11.5a3.5 3.5 0 11-3.5-3.5M14 3c.5 2.7 2.3 4.4 5 4.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      );
    case 'facebook':
      return (
        <>
          <circle cx="12" cy="12" r="9.5" fill="currentColor" />
          <path d="M13.2 20v-6.5h2.2l.4-2.6h-2.6V9.3c0-.8.3-1.3 1.4-1.3h1.3V5.7c-.6-.1-1.3-.2-2-.2-2 0-3.3 1.2-3.3 3.4v2H8.3v2.6h2.3V20" fill="#fff" />
        </>
      );
    default:
      return <path d="M4 17l5-5 4 4 7-8M14 8h6v6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />;
  }
}

export function PlatformIcon({ slug, size = 40, className }: { slug: string; size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <Glyph slug={slug} />
    </svg>
  );
}
