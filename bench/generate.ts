// Generates a project of N Markdown blog posts (front matter + about 600 words each, a few headings, a list,
// links, bold and italic) on top of the real site's content, for the scale benchmark.
import fs from 'node:fs';
import path from 'node:path';

const words = ('translation certified document authority applicant visa student university transcript licence ' +
  'passport citizenship application department evidence original scan translator accredited credential stamp ' +
  'signature registry certificate marriage birth identity employer reference statement court agreement family ' +
  'migration agent lawyer business contract deadline review accepted english language meaning careful exact').split(' ');

// A small linear congruential generator: every post gets its own word sequence, the same on every run.
function sentence(seed: number, length: number): string {
  const out: string[] = [];
  let state = (seed * 2654435761) >>> 0;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(words[state % words.length]);
  }
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

function paragraph(seed: number, sentences: number): string {
  return Array.from({ length: sentences }, (_, i) => sentence(seed + i, 9 + ((seed + i) % 8))).join(' ');
}

export function post(n: number): string {
  const day = String((n % 28) + 1).padStart(2, '0');
  const month = String(((n >> 5) % 12) + 1).padStart(2, '0');
  const categories = ['Immigration', 'Legal', 'Education', 'Translation', 'Business'];
  const s = n * 101;
  const body = [
    paragraph(s, 6),
    `## What the ${words[n % words.length]} needs`,
    `${paragraph(s + 10, 7)} Read more about **certified ${words[(n + 3) % words.length]} translation** on [our services page](/services), or *ask us first* through [the contact page](/contact).`,
    `- ${sentence(s + 20, 8)}\n- ${sentence(s + 21, 10)}\n- ${sentence(s + 22, 7)}\n- See [pricing](/pricing) for the plans.`,
    `## Preparing the ${words[(n + 5) % words.length]}`,
    paragraph(s + 30, 8),
    `### A note on ${words[(n + 7) % words.length]}`,
    paragraph(s + 40, 7),
    `## Common questions about the ${words[(n + 9) % words.length]}`,
    paragraph(s + 60, 6),
    `## Next steps`,
    `${paragraph(s + 50, 7)} Start with [how it works](/process).`,
  ].join('\n\n');
  return `---\ntitle: "Guide number ${n}: ${words[n % words.length]} and ${words[(n + 1) % words.length]}"\nexcerpt: "A practical guide to preparing a ${words[(n + 2) % words.length]} for a certified translation, number ${n}."\ndate: "${day}/${month}/20${20 + (n % 7)}"\nauthor: "Bench Writer, Editor"\ncategory: ${categories[n % 5]}\nimage:\n  src: blog/naati-vs-standard-translations-differences.svg\n  alt: "Two documents side by side"\nicon: file-text\n---\n\n${body}\n`;
}

/** A project folder with the site's content and `count` generated posts in place of the real ones. */
export function generateProject(root: string, repo: string, count: number): void {
  fs.rmSync(root, { recursive: true, force: true });
  fs.cpSync(path.join(repo, 'content'), path.join(root, 'content'), { recursive: true });
  const blog = path.join(root, 'content', 'blog');
  for (const file of fs.readdirSync(blog)) if (file.endsWith('.md')) fs.rmSync(path.join(blog, file));
  for (let n = 1; n <= count; n++) fs.writeFileSync(path.join(blog, `guide-${n}.md`), post(n));
  // The featured post, and the internal links the real content has to blog posts, must still resolve.
  const real = fs.readdirSync(path.join(repo, 'content', 'blog')).filter((f) => f.endsWith('.md'));
  for (const file of real) fs.copyFileSync(path.join(repo, 'content', 'blog', file), path.join(blog, file));
}

export function wordCount(text: string): number {
  return text.replace(/^---[\s\S]*?---/, '').split(/\s+/).filter(Boolean).length;
}
