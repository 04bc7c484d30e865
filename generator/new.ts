// `site new <kind> <slug>`: writes a starter content file that already passes validation, so an editor can
// see the new page at once and fill it in, and says where the file is and what to change first. A starter is a
// draft (content/drafts.ts): `site serve` shows it, `site build` leaves it out until the line is deleted, so its
// placeholder text cannot go live by accident.
import fs from 'node:fs';
import path from 'node:path';
import { BuildFailure, siteError, type ErrorCode, type ErrorParams } from './errors.ts';
import { colour, consoleLogger, type Logger } from './log.ts';
import { resolveProject } from './project.ts';
import { languageSlug } from './content/model.ts';
import { registry, type CollectionKind } from './content/kinds.ts';

export type StarterKind = 'blog' | 'city' | 'service' | 'language';

/** The content kind each starter writes, whose folder and extension the kinds table gives. */
const starterKinds = { blog: 'post', city: 'city', service: 'service', language: 'language' } as const satisfies Record<StarterKind, CollectionKind>;

export interface NewOptions {
  root: string;
  kind: StarterKind;
  slug: string;
  /** Today's date as dd/mm/yyyy, for blog posts; injectable for tests. */
  today?: string;
  logger?: Logger;
}

export async function createStarter(options: NewOptions): Promise<string> {
  const logger = options.logger ?? consoleLogger;
  const project = resolveProject(options.root);
  const fail = <C extends ErrorCode>(code: C, params: ErrorParams<C>): never => {
    throw new BuildFailure('new', [siteError(code, params)]);
  };
  const name = options.kind === 'language' ? titleCase(options.slug.replace(/-/g, ' ')) : titleCase(options.slug.replace(/-/g, ' '));
  const slug = options.kind === 'language' ? languageSlug(name) : options.slug;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    fail('NEW_INVALID_SLUG', { slug: options.slug });
  }
  const { folder, ext } = registry.kinds[starterKinds[options.kind]];
  const file = path.join(project.content, folder, `${slug}${ext}`);
  const rel = path.relative(project.root, file);
  if (fs.existsSync(file)) fail('NEW_FILE_EXISTS', { file: rel });

  const existing = (dir: string) => (fs.existsSync(path.join(project.content, dir)) ? fs.readdirSync(path.join(project.content, dir)).filter((f) => !f.startsWith('.')) : []);
  const read = (dir: string) => existing(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(project.content, dir, f), 'utf8')));
  const nextOrder = (dir: string) => Math.max(0, ...read(dir).map((d: { order?: number }) => d.order ?? 0)) + 1;
  const firstImage = (dir: string) => {
    const images = fs.existsSync(path.join(project.assets, 'images', dir)) ? fs.readdirSync(path.join(project.assets, 'images', dir)).sort() : [];
    return images.length ? `${dir}/${images[0]}` : 'logo.svg';
  };
  const languages = read('languages')
    .filter((l: { isTarget?: boolean }) => !l.isTarget)
    .sort((a: { order: number }, b: { order: number }) => a.order - b.order)
    .map((l: { code: string }) => l.code);

  let text: string;
  let next: string;
  switch (options.kind) {
    case 'blog': {
      const today = options.today ?? australianToday();
      text = [
        '---',
        'draft: true',
        `title: "${name}"`,
        'excerpt: "Write one or two sentences that sum up this guide for the blog index and search results."',
        `date: "${today}"`,
        'author: "Your Name, Your Role"',
        'category: Translation',
        'image:',
        `  src: ${firstImage('blog')}`,
        '  alt: "Describe what the image shows"',
        'icon: file-text',
        '---',
        '',
        'Start with a short introduction that tells readers what they will learn.',
        '',
        '## First section',
        '',
        'Write the guide here in Markdown. Link to pages of the site such as [our services](/services).',
        '',
        'Name prices and times with placeholders, such as {{plans.extract.price}} or {{plans.extract.timeframe}}, so they stay right when they change. A figure that is not ours, such as a market price, is written {{verbatim: AUD $40–90 per page}}.',
        '',
      ].join('\n');
      next = 'Set the title, excerpt, author, category and image, then write the body.';
      break;
    }
    case 'city':
      if (languages.length < 10) fail('NEW_TOO_FEW_LANGUAGES', {});
      text = json({
        $schema: '../schemas/city.schema.json',
        draft: true,
        name,
        state: 'VIC',
        stateName: 'Victoria',
        coordinates: { latitude: -37.8136, longitude: 144.9631 },
        order: nextOrder('cities'),
        population: '100,000',
        suburbs: `${name} and the surrounding suburbs`,
        image: { src: firstImage('cities'), alt: `Illustrated skyline of ${name}` },
        tagline: `Online NAATI certified translations for ${name}`,
        description: [
          `Describe ${name}: its communities, universities and industries, and the documents people there most often need translated.`,
          `Our team works {{facts.hours.display}}, and most self-service translations are ready in {{facts.turnaround.selfService}} during business hours.`,
        ],
        popularDocuments: ['Birth certificates', 'Marriage certificates', "Driver's licences", 'Academic transcripts', 'Police clearance certificates', 'Passports', 'Bank statements', 'Payslips', 'Employment references', 'Change of name certificates'],
        languages: languages.slice(0, 10),
      });
      next = 'Set the state, coordinates, population, suburbs and image, write the description, and list the ten most requested language codes. Then add a localGuide (a heading, two or three paragraphs and three to five local institutions) saying what is particular to translation needs there.';
      break;
    case 'service':
      text = json({
        $schema: '../schemas/service.schema.json',
        draft: true,
        order: nextOrder('services'),
        card: { title: name, description: `Certified translations of ${name.toLowerCase()} for Australian and New Zealand authorities.`, icon: 'file-text', color: 'blue' },
        title: `${name} Translation`,
        serviceName: `${name} Translation`,
        serviceDescription: `NAATI certified translations of ${name.toLowerCase()}, accepted by Australian government departments.`,
        seo: { title: `${name} Translation | NAATI Certified`, description: `NAATI certified translation of ${name.toLowerCase()} for visas, study and government departments. Same price for every language.` },
        intro: [`Explain what ${name.toLowerCase()} are, who needs them translated and which authorities ask for them.`],
        useCases: [
          { title: 'Visa applications', text: 'Describe how this document is used in visa applications.', icon: 'plane' },
          { title: 'Government departments', text: 'Describe which departments ask for it.', icon: 'landmark' },
          { title: 'Study and work', text: 'Describe when universities or employers need it.', icon: 'graduation-cap' },
        ],
        pricing: {
          plans: ['self-service', 'extract', 'full'],
          startingPrice: '{{plans.self-service.price}}',
          priceNote: '+ service fee',
          turnaround: [
            { label: 'Standard', value: '{{facts.turnaround.standard}}' },
            { label: 'Express', value: '{{facts.turnaround.express}}' },
          ],
        },
        requirements: ['A clear scan or photo of every page', 'All stamps, seals and signatures visible', 'Names spelled as in your passport'],
        faq: [
          { question: 'Who accepts this translation?', answer: 'Answer the question.' },
          { question: 'How long does it take?', answer: 'Standard delivery is {{facts.turnaround.standard}}, and express is {{facts.turnaround.express}} for an extra fee. Say what applies to this document.' },
          { question: 'Do you need the original?', answer: 'No: a clear scan or phone photo is enough.' },
          { question: 'How much does it cost?', answer: 'From {{plans.self-service.price}} {{plans.self-service.priceNote}}. Say which plan suits this document.' },
        ],
        documentTypes: ['First type', 'Second type', 'Third type', 'Fourth type'],
        image: { src: firstImage('services'), alt: `Illustration of ${name.toLowerCase()}` },
      });
      next = 'Write the intro, use cases, requirements, questions and document types, and set the price and image.';
      break;
    case 'language': {
      const codes = new Set(read('languages').map((l: { code: string }) => l.code));
      const base = slug.replace(/-/g, '').slice(0, 3).padEnd(2, 'x');
      const code = [base, ...Array.from({ length: 26 }, (_, i) => base.slice(0, 2) + String.fromCharCode(97 + i))].find((c) => !codes.has(c))!;
      text = json({
        $schema: '../schemas/language.schema.json',
        draft: true,
        code,
        name,
        region: 'Asia',
        countryCode: 'au',
        order: nextOrder('languages'),
        localContent: {
          title: `Certified ${name} Translations for Australian Authorities`,
          subtitle: `${name} documents translated into English by NAATI certified translators.`,
          paragraphs: [
            `Write two or three paragraphs for the ${name}-speaking community: the documents they most often need translated, and tips for preparing them.`,
            `The price is the same as for every other language, from {{plans.self-service.price}} plus a service fee. Name facts with placeholders like these rather than typing them: site check reports a typed price or time.`,
          ],
          nativeMessage: `Write a short welcome in ${name} itself.`,
        },
      });
      next = `Set the real ISO 639 code (now "${code}"), region, countryCode (for the flag) and nativeName, and write the local content. Then add a community section: the documents its speakers most often need translated, who issues them, and notes on script, names and dates.`;
      break;
    }
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  logger.info(`${colour.green('✓')} wrote ${colour.bold(rel)}`);
  logger.info(`  ${next}`);
  logger.info(`  It starts as a ${colour.bold('draft')}: \`npm run dev\` shows it, marked as one, and \`npm run build\` leaves it out.`);
  logger.info(`  To publish it, delete its \`draft: true\` line (or set it to false).`);
  logger.info(colour.dim(`  \`npm run check\` validates it.`));
  return file;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function titleCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

function australianToday(): string {
  const d = new Date();
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}
