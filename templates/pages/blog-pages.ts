// The blog's listing pages: /blog, /blog/page/2 and on, and each category's /blog/category/<slug> with its own
// /blog/category/<slug>/page/2 and on, each listing `paging.postsPerPage` posts (content/pages/blog.json).
// Pure: the model in, pages out.
//
// A listing page names its posts by their positions in model.posts, and the positions are part of its route
// (not its data), so the incremental build re-renders a listing page whenever the posts it lists change:
// a post added, removed, moved to another category or redated changes the positions of the pages it is on,
// and the template reads each listed post through the tracked model, so an edit to a title re-renders the
// pages that show it.
import type { BlogPage } from '../../generator/content/types.ts';

/**
 * What the blog's lists are made from: the site model's fields they read. (Not the model's own type: the kinds
 * table names blogListings, and the model's type is made from the kinds table.)
 */
export interface BlogModel {
  settings: { updated: string };
  posts: readonly { isoUpdated: string; category: string }[];
  pages: { blog: Pick<BlogPage, 'paging'> };
}

/** One page of a list of posts. */
export interface Listing {
  /** The category listed, or undefined for every post of the blog. */
  category?: string;
  /** This page's number, from 1, and how many pages the list has (at least 1, even with no posts). */
  number: number;
  count: number;
  /** Posts in the whole list (every page of it). */
  total: number;
  /** Positions in model.posts (newest first) of the posts this page lists, in order. */
  positions: number[];
  /** The blog's first page, and each category's, for the filter's links. */
  blog: string;
  categories: { name: string; path: string }[];
  /** The addresses of the list's first page, and of the pages before and after this one. */
  first: string;
  prev?: string;
  next?: string;
}

/** The items of each page, `size` a page: always at least one page, empty when there are no items. */
export function paginate<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`a page holds a whole number of items, at least 1, not ${size}`);
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length ? pages : [[]];
}

/** The address of page `n` of a list whose first page is `first`: /blog, /blog/page/2, … */
export function listingPath(first: string, n: number): string {
  return n === 1 ? first : `${first}/page/${n}`;
}

/** A category's slug in its address: Immigration -> immigration. */
export function categorySlug(category: string): string {
  return category.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The address of a category's first page. */
export function categoryPath(category: string): string {
  return `/blog/category/${categorySlug(category)}`;
}

/** Fills {name} placeholders in the blog's paging copy. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export interface ListingPage {
  kind: 'blog';
  path: string;
  title: string;
  description: string;
  keywords?: string[];
  indexable: boolean;
  lastmod: string;
  listing: Listing;
}

/** The blog's categories in order: those the paging copy gives a topic, which its schema requires for each a post may have. */
export function blogCategories(model: Pick<BlogModel, 'pages'>): string[] {
  return Object.keys(model.pages.blog.paging.categoryTopics);
}

/**
 * Every listing page of the blog. `first`: the blog's own first page as the copy gives it (title, description,
 * keywords), kept as it was before the blog paged.
 */
export function blogListings(model: BlogModel, first: { path: string; title: string; description: string; keywords?: string[] }): ListingPage[] {
  const paging = model.pages.blog.paging;
  const updated = model.settings.updated;
  const newest = (positions: number[]) => positions.reduce((latest, i) => (model.posts[i].isoUpdated > latest ? model.posts[i].isoUpdated : latest), updated);
  const all = model.posts.map((_, i) => i);
  const categories = blogCategories(model).map((name) => ({ name, path: categoryPath(name) }));
  const out: ListingPage[] = [];
  const list = (positions: number[], base: string, category: string | undefined, head: (n: number, count: number) => Pick<ListingPage, 'title' | 'description' | 'keywords'>) => {
    const pages = paginate(positions, paging.postsPerPage);
    pages.forEach((on, i) => {
      const n = i + 1;
      out.push({
        kind: 'blog',
        path: listingPath(base, n),
        ...head(n, pages.length),
        // An empty category's page is there for the filter's link, but not worth a search engine's visit.
        indexable: positions.length > 0,
        // The blog's first page dates from its newest post, as before it paged; a later page from its own.
        lastmod: category === undefined && n === 1 ? newest(positions) : newest(on),
        listing: {
          ...(category === undefined ? {} : { category }),
          number: n,
          count: pages.length,
          total: positions.length,
          positions: on,
          blog: first.path,
          categories,
          first: base,
          ...(n > 1 ? { prev: listingPath(base, n - 1) } : {}),
          ...(n < pages.length ? { next: listingPath(base, n + 1) } : {}),
        },
      });
    });
  };
  list(all, first.path, undefined, (page, pages) =>
    page === 1 ? { title: first.title, description: first.description, keywords: first.keywords } : { title: fill(paging.pageTitle, { page, pages }), description: fill(paging.pageDescription, { page, pages }) },
  );
  for (const category of blogCategories(model)) {
    const topic = paging.categoryTopics[category as keyof typeof paging.categoryTopics];
    const values = (page: number, pages: number) => ({ category, topic, page, pages });
    list(
      all.filter((i) => model.posts[i].category === category),
      categoryPath(category),
      category,
      (page, pages) =>
        page === 1
          ? { title: fill(paging.categoryTitle, values(page, pages)), description: fill(paging.categoryText, values(page, pages)) }
          : { title: fill(paging.categoryPageTitle, values(page, pages)), description: fill(paging.categoryPageDescription, values(page, pages)) },
    );
  }
  return out;
}
