import type { ProseEntry } from '../../generator/content/model.ts';
import { australianDate, useRender } from '../context.ts';
import { PageHero } from '../components/ui.tsx';

/** Long-form pages from content/pages/*.md: the privacy policy, the terms. */
export function ProsePage({ data }: { data: { prose: ProseEntry } }) {
  const { site } = useRender();
  const p = data.prose;
  return (
    <>
      <PageHero heading={p.title} text={p.intro} compact>
        <p className="muted">Last updated: <time dateTime={site.buildDate ?? p.updated}>{australianDate(site.buildDate ?? p.updated)}</time></p>
      </PageHero>
      <div className="container narrow">
        <div className="prose legal" dangerouslySetInnerHTML={{ __html: site.html.get(p.body) ?? '' }} />
      </div>
    </>
  );
}
