import { useRender } from '../context.ts';

/**
 * The banner across the top of a draft's page. Only `site serve` builds drafts; it also serves the banner's
 * style (generator/content/drafts.ts), so the published stylesheet carries none of it.
 */
export function DraftBanner() {
  const { page } = useRender();
  if (!page.draft) return null;
  return (
    <div className="draft-banner" role="note">
      <strong>Draft</strong>
      <span>
        Only this preview shows this page. To publish it, delete the <code>draft: true</code> line in <code>{page.source}</code>.
      </span>
    </div>
  );
}
