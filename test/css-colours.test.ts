// Every colour comes from the tokens: assets/css/tokens.css is the one stylesheet that writes a colour as a
// value, so a change of palette is made in one place and nothing drifts from it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers/project.ts';

const cssRoot = path.join(repoRoot, 'assets', 'css');
const tokensFile = 'tokens.css';

const namedColours = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
  cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
  darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
  firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
  hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
  lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
  mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
  mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange
  orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
  powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna
  silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet
  wheat white whitesmoke yellow yellowgreen`.split(/\s+/),
);

export interface ColourLiteral {
  line: number;
  column: number;
  text: string;
}

/**
 * The colours a stylesheet writes as values: hex, colour functions (rgb(), hsl() and their kin) and colour
 * names, in declarations and in url()s (an SVG in a data: URI writes `#` as `%23`, and may name colours in its attributes). Selectors, comments,
 * custom property names and quoted strings such as font names are not values, so `.icon-badge-gold` or
 * `"Segoe UI"` never count; `transparent` and `currentColor` are not colours of the palette and are allowed.
 */
export function colourLiterals(css: string): ColourLiteral[] {
  // Comments become spaces of the same length, so positions still point into the original text.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: ColourLiteral[] = [];
  const at = (index: number, literal: string) => {
    const before = text.slice(0, index).split('\n');
    found.push({ line: before.length, column: before[before.length - 1].length + 1, text: literal });
  };
  // A declaration: a property, a colon and a value that ends the declaration (not a selector's pseudo-class).
  for (const declaration of text.matchAll(/(?<=[{;\s])(--[\w-]+|[a-z-]+)\s*:([^;{}]*)(?=[;}])/gi)) {
    const start = declaration.index + declaration[0].length - declaration[2].length;
    const value = declaration[2];
    for (const url of value.matchAll(/url\(([^)]*)\)/gi)) {
      const decoded = url[1].replace(/%23/gi, '#');
      for (const m of decoded.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])[a-z]+(?![\w-])/gi)) {
        if (m[0].startsWith('#') || m[0].endsWith('(') || namedColours.has(m[0].toLowerCase())) at(start + url.index, m[0]);
      }
    }
    const bare = value.replace(/url\([^)]*\)|"[^"]*"|'[^']*'/gi, (s) => ' '.repeat(s.length));
    for (const m of bare.matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|(?<![\w-])[a-z]+(?![\w-])/gi)) {
      if (m[0].startsWith('#') || m[0].endsWith('(') || namedColours.has(m[0].toLowerCase())) at(start + m.index, m[0]);
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

function stylesheets(): string[] {
  return fs
    .readdirSync(cssRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

const test = suite('css colours');

test('the scanner finds hex, colour functions and colour names, in declarations and data: URIs', () => {
  const css = [
    '.a { color: #fff; background: #0c234380; }',
    '.b { border: 1px solid rgb(255 255 255 / 0.5); box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.1); }',
    '.c { color: hsl(210 50% 40%); outline-color: hsla(0, 0%, 0%, 0.2); }',
    '.d { color: White; --x: navy }',
    '.e { background: url("data:image/svg+xml,%3Csvg fill=\'%23123456\' stroke=\'red\'/%3E") }',
  ].join('\n');
  assert.equal(
    colourLiterals(css).map((c) => `${c.line}:${c.column} ${c.text}`),
    ['1:13 #fff', '1:31 #0c234380', '2:24 rgb(', '2:70 rgba(', '3:13 hsl(', '3:46 hsla(', '4:13 White', '4:25 navy', '5:18 #123456', '5:18 red'],
  );
});

test('the scanner ignores selectors, comments, strings, token names and transparent or currentColor', () => {
  const css = [
    '/* #fff and white in a comment */',
    '.icon-badge-gold, #main, a:hover { color: var(--gold-800); border-color: currentColor; background: transparent; }',
    '.f { font-family: "Segoe UI", system-ui; white-space: nowrap; fill: inherit; content: "red"; }',
    '@media (min-width: 640px) { .g:not(.red) { background: var(--red-50); } }',
  ].join('\n');
  assert.equal(colourLiterals(css), []);
});

test(`no stylesheet but ${tokensFile} writes a colour: every other colour is a token`, () => {
  const files = stylesheets();
  assert.ok(files.includes(tokensFile) && files.length > 10, `stylesheets found: ${files.join(', ')}`);
  const found = files
    .filter((file) => file !== tokensFile)
    .flatMap((file) => colourLiterals(fs.readFileSync(path.join(cssRoot, file), 'utf8')).map((c) => `assets/css/${file}:${c.line}:${c.column} ${c.text}`));
  assert.equal(found, [], `add a token to assets/css/${tokensFile} and use var(--…) instead:\n${found.join('\n')}`);
});

test('every var() names a custom property that is defined, in a stylesheet or by the markup', () => {
  // Set in style attributes by the templates and the page's script.
  const fromMarkup = new Set(['--hero-map', '--reveal-delay']);
  const texts = stylesheets().map((file) => fs.readFileSync(path.join(cssRoot, file), 'utf8'));
  const defined = new Set(texts.flatMap((css) => [...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1])));
  const used = new Set(texts.flatMap((css) => [...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1])));
  assert.equal([...used].filter((name) => !defined.has(name) && !fromMarkup.has(name)), []);
});

test.run();
