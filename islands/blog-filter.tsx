// The blog's category filter. Without scripts it is a row of links: All leads to /blog, each category to its
// own pages at /blog/category/<slug>, and the page listed is marked as current.
//
// With scripts, on a page that holds every post of the blog (a blog of one page), the links become buttons
// that filter the grid in place: All by default, then exact category matches, with an empty state and a way
// back to all posts. The posts are in the page's own markup and are not repeated as island props, which would
// double the page. On a paged blog no page holds every post, so the links stay links, and the page each leads
// to is fetched ahead when the pointer or focus reaches it, so moving between them is quick.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';
import { keep, readKept } from './lib/history-state.ts';

export interface BlogFilterProps {
  /** The id of the post grid; each card carries its category in data-category. */
  grid: string;
  /** All first, with the blog's first page, then each category with its first page. */
  categories: { name: string; href: string }[];
  /** The category the page lists: All on the blog's own pages. */
  current: string;
  /**
   * Posts in each category, given only when the page holds every post of the blog: the filter then works in
   * place. Without it the links lead to each category's pages.
   */
  counts?: Record<string, number>;
  /** Posts the page lists, for the empty state of a category with none. */
  listed: number;
  labels: { filter: string; emptyTitle: string; emptyText: string; viewAll: string };
  icons: { empty: string };
}

export default function BlogFilter(props: BlogFilterProps) {
  const ready = useReady();
  return ready && props.counts ? <InPlaceFilter {...props} counts={props.counts} /> : <FilterLinks {...props} enhanced={ready} />;
}

function FilterLinks({ categories, current, listed, labels, icons, enhanced }: BlogFilterProps & { enhanced: boolean }) {
  const all = categories[0];
  return (
    <div className="blog-filter">
      <nav className="filter-buttons" aria-label={labels.filter}>
        {categories.map((c) => (
          <a key={c.name} className="chip chip-button" href={c.href} aria-current={c.name === current ? 'page' : undefined} onPointerEnter={enhanced ? prefetch : undefined} onFocus={enhanced ? prefetch : undefined}>
            {c.name}
          </a>
        ))}
      </nav>
      {listed === 0 && (
        <EmptyState icons={icons} labels={labels}>
          <a className="button button-secondary" href={all.href}>
            {labels.viewAll}
          </a>
        </EmptyState>
      )}
    </div>
  );
}

const fetched = new Set<string>();

/** Asks the browser to fetch a link's page ahead, once: a hint it may ignore, so nothing waits on it. */
function prefetch(event: { currentTarget: HTMLAnchorElement }) {
  const link = event.currentTarget;
  if (link.getAttribute('aria-current') || fetched.has(link.href)) return;
  fetched.add(link.href);
  const hint = document.createElement('link');
  hint.rel = 'prefetch';
  hint.href = link.href;
  document.head.append(hint);
}

function InPlaceFilter({ grid, categories, counts, labels, icons }: BlogFilterProps & { counts: Record<string, number> }) {
  const [category, setCategory] = useState('All');
  // Silent until the visitor (or the way back from a post) chooses: then every choice, All too, says its count.
  const [chosen, setChosen] = useState(false);
  const allButton = useRef<HTMLButtonElement>(null);
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
    setChosen(true);
    keep('blogFilter', { category: next });
  };
  // Back to the blog from a post finds the category the visitor chose.
  useEffect(() => {
    const kept = readKept<{ category: unknown }>('blogFilter')?.category;
    if (typeof kept === 'string' && kept !== 'All' && categories.some((c) => c.name === kept)) select(kept);
  }, []);
  return (
    <div className="blog-filter">
      <div className="filter-buttons" role="group" aria-label={labels.filter}>
        {categories.map(({ name }) => (
          <button key={name} ref={name === 'All' ? allButton : undefined} type="button" className="chip chip-button" aria-pressed={name === category} onClick={() => select(name)}>
            {name}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {chosen ? `${shown} ${shown === 1 ? 'post' : 'posts'} in ${category}` : ''}
      </p>
      {shown === 0 && (
        <EmptyState icons={icons} labels={labels}>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              select('All');
              // This button goes with the empty state it sits in; without a new place, focus would fall to the page.
              allButton.current?.focus();
            }}
          >
            {labels.viewAll}
          </button>
        </EmptyState>
      )}
    </div>
  );
}

/** What a category with no posts shows, with the way back to every post (a link, or a button in place). */
function EmptyState({ icons, labels, children }: Pick<BlogFilterProps, 'icons' | 'labels'> & { children: ReactNode }) {
  return (
    <div className="empty-state">
      <SvgIcon markup={icons.empty} />
      <h3>{labels.emptyTitle}</h3>
      <p>{labels.emptyText}</p>
      {children}
    </div>
  );
}
