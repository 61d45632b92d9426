#!/usr/bin/env node
// Records every platform-specific optional package in package-lock.json.
//
// Why: the npm registry this project is built against serves only the linux-x64 builds of native
// packages (@rspack/binding-*, @swc/core-*, @nx/nx-*, @unrs/resolver-binding-*). `npm install` then
// leaves the other platforms' builds out of the lockfile, and `npm ci` refuses such a lockfile
// ("Missing: @rspack/binding-darwin-arm64@ from lock file"). This adds the missing entries as
// optional packages restricted to their platform (as npm writes them against the full registry),
// so `npm ci` skips them here and fetches them on the platform that needs them.
//
// Run after any `npm install` that changes the lockfile: `node .ci/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'wasm32', 'sunos', 'aix'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', wasi: 'wasm32' };

/** Platform fields from a package name such as `@rspack/binding-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p.replace(/eabi(hf)?$/, '')] ?? CPU[p]).find(Boolean);
  const fields = {};
  if (os === 'wasm32' || parts.includes('wasi')) return { cpu: ['wasm32'] };
  if (os) fields.os = [os];
  if (cpu) fields.cpu = [cpu];
  if (parts.some((p) => p === 'musl' || p.startsWith('musleabi'))) fields.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p === 'gnu' || p.startsWith('gnueabi'))) fields.libc = ['glibc'];
  return fields;
}

/** Where node would find `name` from the package at `from` (the same folder or any parent). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? base + '/' : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

let added = 0;
for (const [path, meta] of Object.entries({ ...packages })) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name) || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    packages[`node_modules/${name}`] = { version: spec, ...platformOf(name), optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(added ? `package-lock.json: recorded ${added} platform-specific optional packages` : 'package-lock.json: complete');
