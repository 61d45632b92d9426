// Stands in for `use-sync-external-store/shim` (wouter's import, kit/build/rspack.mjs alias): that
// shim exists for React versions before 18, and on React 18+ it only hands on React's own hook, yet
// its code would still be bundled. The frontends require React 19.
export { useSyncExternalStore } from 'react';
