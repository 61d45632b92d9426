/** Initials of a plan name: 'YouTube' → 'YO', 'Growth Plan' → 'GP'. */
function initials(name: string): string {
  const words = name
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

/** A stable hue from the name (FNV-1a), dark enough for white text. */
function hue(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

/**
 * The plan avatar, drawn locally (docs/architecture.md#outside-resources): the plan's initials on a colour derived from its
 * name, instead of an image from an avatar web service.
 */
export function PlanAvatar({ name, size = 56, className }: { name: string; size?: number; className?: string }) {
  const h = hue(name);
  return (
    <svg className={className} viewBox="0 0 64 64" width={size} height={size} role="img" aria-label={`${name} plan`}>
      <rect width="64" height="64" rx="16" fill={`hsl(${h} 62% 36%)`} />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fill="#fff" fontFamily="system-ui, sans-serif" fontSize="24" fontWeight="700">
        {initials(name)}
      </text>
    </svg>
  );
}
