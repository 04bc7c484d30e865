// The blog's category filter: All by default, then exact category matches, with an empty state and a way
// back to all posts. It enhances the post grid the page already shows: every post is in the page's own
// markup, listed without scripts, and the filter only hides the cards of other categories. So the posts are
// not repeated as island props, which for a blog of thousands of posts would double the page.
import { useState } from 'react';
import { SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';

export interface BlogFilterProps {
  /** The id of the post grid; each card carries its category in data-category. */
  grid: string;
  categories: string[];
  /** Posts in each category. */
  counts: Record<string, number>;
  labels: { filter: string; emptyTitle: string; emptyText: string; viewAll: string };
  icons: { empty: string };
}

export default function BlogFilter({ grid, categories, counts, labels, icons }: BlogFilterProps) {
  const ready = useReady();
  const [category, setCategory] = useState('All');
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const count = (c: string) => (c === 'All' ? total : (counts[c] ?? 0));
  const shown = count(category);
  // The cards change with the click itself, not after the next render: what the visitor sees never lags.
  const select = (next: string) => {
    const list = document.getElementById(grid);
    if (list) {
      for (const card of list.querySelectorAll<HTMLElement>('[data-category]')) card.hidden = next !== 'All' && card.dataset.category !== next;
      list.hidden = count(next) === 0;
    }
    setCategory(next);
  };
  return (
    <div className="blog-filter">
      <div className="filter-buttons" role="group" aria-label={labels.filter} hidden={!ready}>
        {categories.map((c) => (
          <button key={c} type="button" className="chip chip-button" aria-pressed={c === category} onClick={() => select(c)}>
            {c}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {ready && category !== 'All' ? `${shown} ${shown === 1 ? 'post' : 'posts'} in ${category}` : ''}
      </p>
      {shown === 0 && (
        <div className="empty-state">
          <SvgIcon markup={icons.empty} />
          <h3>{labels.emptyTitle}</h3>
          <p>{labels.emptyText}</p>
          <button type="button" className="button button-secondary" onClick={() => select('All')}>
            {labels.viewAll}
          </button>
        </div>
      )}
    </div>
  );
}
