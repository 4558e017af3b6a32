// Restores lock entries for other platforms' optional native packages.
//
// The npm registry mirror this project is built against answers 404 for native packages of
// platforms other than the build machine's (darwin, win32, android, musl, ...). `npm install`
// then writes a lock without them, and `npm ci` rejects that lock as out of sync with
// package.json ("Missing: @biomejs/cli-darwin-arm64@ from lock file"). This script adds an
// entry for every optional dependency that a locked package declares but the lock lacks,
// with the platform it is built for, so `npm ci` accepts the lock and skips those packages
// on this platform exactly as it would with a lock written on a machine that could see them.
// Run it after any `npm install` that rewrote package-lock.json: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'sunos', 'win32', 'openharmony', 'aix', 'netbsd'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

/** Reads os, cpu and libc from a native package name such as `@swc/core-linux-x64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
  else if (os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [dep, range] of Object.entries(optional)) {
    const key = `node_modules/${dep}`;
    const nested = `${path}/node_modules/${dep}`;
    if (packages[key] || packages[nested]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    packages[key] = { version: range, ...(meta.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} platform entr${added === 1 ? 'y' : 'ies'} to package-lock.json`);
