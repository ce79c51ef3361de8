// Render the React card components of @letele/playing-cards to static SVG files.
//
// Development only, run by hand through packaging/card_art/make_card_art.py, which then
// rewrites the files for pygame-ce's SVG loader.  The node packages live in a scratch folder
// (never in the repo):
//
//   node packaging/card_art/render_cards.mjs SCRATCH_DIR OUT_DIR
//
// SCRATCH_DIR holds node_modules with the versions pinned in packaging/card_art/package.json.
// One file per component is written to OUT_DIR, named after the component (Sk.svg, H10.svg,
// J1.svg, B1.svg ...), plus source.json with the package's name, version and licence.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [scratch, outDir] = process.argv.slice(2);
if (!scratch || !outDir) {
  console.error('Usage: node render_cards.mjs SCRATCH_DIR OUT_DIR');
  process.exit(2);
}
const scratchDir = path.resolve(scratch);
const require = createRequire(path.join(scratchDir, 'package.json'));
const React = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const pkgDir = path.join(scratchDir, 'node_modules', '@letele', 'playing-cards');
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
// The package ships only an ES module build ("module" field, no "main"), so import it by path.
const deck = await import(pathToFileURL(path.join(pkgDir, pkg.module)).href);

fs.mkdirSync(outDir, { recursive: true });
const names = Object.keys(deck).sort();
for (const name of names) {
  const markup = renderToStaticMarkup(React.createElement(deck[name]));
  fs.writeFileSync(path.join(outDir, `${name}.svg`), markup);
}
const licenceText = fs.readFileSync(path.join(pkgDir, 'LICENSE'), 'utf8');
const source = {
  name: pkg.name,
  version: pkg.version,
  license: pkg.license,
  licenseFileFirstLines: licenceText.split(/\r?\n/).slice(0, 3).join(' ').trim(),
  react: React.version,
  components: names,
};
fs.writeFileSync(path.join(outDir, 'source.json'), JSON.stringify(source, null, 2));
console.log(`${names.length} components of ${pkg.name} ${pkg.version} (${pkg.license}) -> ${outDir}`);
