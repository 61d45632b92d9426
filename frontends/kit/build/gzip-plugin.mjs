import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Writes `<file>.gz` (gzip level 9) next to every .js/.css/.html/.json/.svg file in the output
 * directory once the build has emitted, for the backend's express-static-gzip.
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path;
      if (!outDir || compiler.options.mode !== 'production') return;
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size === 0) continue;
        const gz = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
        writeFileSync(`${file}.gz`, gz);
      }
    });
  }
}
