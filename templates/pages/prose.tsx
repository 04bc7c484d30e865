import type { ProseEntry } from '../../generator/content/model.ts';
import { australianDate, useRender } from '../context.ts';
import { PageHero } from '../components/ui.tsx';
import type { KindModule } from './index.ts';

/** Long-form pages from content/pages/*.md: the privacy policy, the terms. */
export function ProsePage({ data }: { data: { entry: ProseEntry } }) {
  const { site, markdown } = useRender();
  const p = data.entry;
  return (
    <>
      <PageHero heading={p.title} text={p.intro} compact>
        <p className="muted">Last updated: <time dateTime={site.buildDate ?? p.updated}>{australianDate(site.buildDate ?? p.updated)}</time></p>
      </PageHero>
      <div className="container narrow">
        <div className="prose legal" dangerouslySetInnerHTML={{ __html: headingIds(markdown.get(p.body) ?? '') }} />
      </div>
    </>
  );
}

/**
 * Gives each section heading of a long page an id from its words ("Our acceptance guarantee" becomes
 * #our-acceptance-guarantee), so other pages can link to a section: the footer links to the guarantee's terms.
 */
export function headingIds(html: string): string {
  const taken = new Set<string>();
  return html.replace(/<h2>(.+?)<\/h2>/g, (_, inner: string) => {
    // The words without their markup (emphasis, a link) or entities (remark writes & as &#x26;).
    const words = inner
      .replace(/<[^>]*>/g, '')
      .toLowerCase()
      .replace(/&[a-z]+;|&#x?[0-9a-f]+;/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section';
    // A repeated heading gets -1, -2 after its words, as GitHub does: two elements may not share an id.
    let id = words;
    for (let n = 1; taken.has(id); n++) id = `${words}-${n}`;
    taken.add(id);
    return `<h2 id="${id}">${inner}</h2>`;
  });
}

export const page: KindModule<'prose'> = {
  Page: ProsePage,
};
