import type { PostEntry } from '../../generator/content/model.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { australianDate, fill, Render, useRender, type RenderContext } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { PageHero, Section } from '../components/ui.tsx';
import { Island } from '../components/island.tsx';
import BlogFilter from '../../islands/blog-filter.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';
import { CollectionNotice } from '../components/collection-notice.tsx';
import { PictureMarkup, SvgIcon } from '../../islands/lib/markup.tsx';
import type { KindModule } from './index.ts';

export function PostMeta({ post }: { post: PostEntry }) {
  return (
    <p className="post-meta">
      <span className="category-badge">{post.category}</span>
      <time dateTime={post.isoDate}>{post.date}</time>
      <span>{post.author}</span>
    </p>
  );
}

/** A post in the grid; data-category is what the filter island matches. */
function PostCard({ post }: { post: PostEntry }) {
  const { assets } = useRender();
  return (
    <li className="card post-card" data-category={post.category}>
      <PictureMarkup image={{ ...assets.image(post.image.src), alt: post.image.alt }} sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" className="card-image" />
      <div className="card-body">
        <PostMeta post={post} />
        <h3>
          <a href={post.url} className="card-link">
            {post.title}
          </a>
        </h3>
        <p>{post.excerpt}</p>
        <span className="text-link" aria-hidden="true">
          Read more <SvgIcon markup={assets.icon('arrow-right')} size={16} />
        </span>
      </div>
    </li>
  );
}

/**
 * The grid's cards, rendered a few hundred at a time. React holds every piece of a page until the whole page
 * is done: for a blog of thousands of posts that is hundreds of megabytes at once, while each part rendered
 * alone is a compact string before the next begins. The markup is the same either way.
 */
function cardsMarkup(context: RenderContext, posts: PostEntry[]): string {
  let html = '';
  for (let i = 0; i < posts.length; i += 250) {
    html += renderToStaticMarkup(
      <Render.Provider value={context}>
        {posts.slice(i, i + 250).map((p) => (
          <PostCard key={p.slug} post={p} />
        ))}
      </Render.Provider>,
    );
  }
  return html;
}

/** The page of a list of posts being rendered: its category (none for the whole blog), number and posts. */
function useListing() {
  const { page } = useRender();
  if (page.kind !== 'blog') throw new Error(`the blog's listing template was given a ${page.kind} page`);
  return page.listing;
}

export function BlogPage() {
  const context = useRender();
  const { site, assets } = context;
  const copy = site.pages.blog;
  const paging = copy.paging;
  const listing = useListing();
  // Read through the site model, so the build knows which posts each page shows (incremental/tracker.ts).
  const posts = listing.positions.map((i) => site.posts[i]);
  const category = listing.category;
  // The blog's first page is the one it always had: hero, featured post, then the posts.
  const featured = !category && listing.number === 1 ? (site.posts.find((p) => p.featured) ?? site.posts[0]) : undefined;
  // A blog of one page holds every post, so the filter can work in place there, as it did before the blog paged.
  const whole = !category && listing.count === 1;
  const values = { category: category ?? '', topic: category ? paging.categoryTopics[category as keyof typeof paging.categoryTopics] : '', page: String(listing.number), pages: String(listing.count) };
  const filters = [{ name: 'All', href: listing.blog }, ...listing.categories.map((c) => ({ name: c.name, href: c.path }))];
  return (
    <>
      {category ? (
        <PageHero eyebrow={copy.hero.eyebrow} heading={fill(paging.categoryHeading, values)} text={fill(paging.categoryText, values)} compact />
      ) : (
        <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
      )}
      {featured && (
        <section className="section section-flush" aria-labelledby="featured-heading">
          <div className="container">
            <article className="card featured-post">
              <Picture image={featured.image} sizes="(min-width: 1024px) 600px, 100vw" eager priority className="card-image" />
              <div className="card-body">
                <p className="eyebrow">{copy.featuredLabel}</p>
                <h2 id="featured-heading">
                  <a href={featured.url} className="card-link">
                    {featured.title}
                  </a>
                </h2>
                <PostMeta post={featured} />
                <p>{featured.excerpt}</p>
                <span className="button button-primary" aria-hidden="true">
                  Read the guide <Icon name="arrow-right" size={18} />
                </span>
              </div>
            </article>
          </div>
        </section>
      )}
      <Section id="posts" heading={category ? `${category} posts` : 'All posts'} text={listing.number > 1 ? fill(paging.pageOf, values) : undefined}>
        <Island
          name="blog-filter"
          wake="visible"
          watch="post-grid"
          component={BlogFilter}
          props={{
            grid: 'post-grid',
            categories: filters,
            current: category ?? 'All',
            ...(whole ? { counts: Object.fromEntries(filters.slice(1).map((c) => [c.name, site.posts.filter((p) => p.category === c.name).length])) } : {}),
            listed: posts.length,
            labels: { filter: copy.filterLabel, emptyTitle: copy.emptyState.title, emptyText: copy.emptyState.text, viewAll: copy.viewAll },
            icons: { empty: assets.icon('search-x') },
          }}
        />
        <ul id="post-grid" className="card-grid cols-3 post-grid" role="list" hidden={posts.length === 0} dangerouslySetInnerHTML={{ __html: cardsMarkup(context, posts) }} />
        {listing.count > 1 && <Pager />}
      </Section>
      <Section id="newsletter" tone="tint">
        <div className="newsletter">
          <div>
            <h2>{copy.newsletter.heading}</h2>
            <p>{copy.newsletter.text}</p>
          </div>
          <div>
            <Island name="newsletter" wake="visible" props={{}}>
              <NewsletterForm copy={copy.newsletter} />
            </Island>
            <CollectionNotice kind="newsletter" />
          </div>
        </div>
      </Section>
    </>
  );
}

/** The numbers of the pages the pager links to: the first, the last and two either side of this one; 0 marks a gap. */
export function pagerNumbers(number: number, count: number): number[] {
  const shown = new Set([1, count, number - 2, number - 1, number, number + 1, number + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [0, n] : [n]));
}

/** Links to the newer and older pages of the list and to pages by number; the one shown is marked current. */
function Pager() {
  const { site, assets } = useRender();
  const paging = site.pages.blog.paging;
  const listing = useListing();
  const href = (n: number) => (n === 1 ? listing.first : `${listing.first}/page/${n}`);
  return (
    <nav className="pager" aria-label={paging.pagerLabel}>
      <p className="pager-where">{fill(paging.pageOf, { page: String(listing.number), pages: String(listing.count) })}</p>
      <ul className="pager-pages" role="list">
        {listing.prev && (
          <li>
            <a className="button button-secondary pager-step" href={listing.prev} rel="prev">
              <SvgIcon markup={assets.icon('arrow-left')} size={18} /> {paging.previous}
            </a>
          </li>
        )}
        {pagerNumbers(listing.number, listing.count).map((n, i) =>
          n === 0 ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <a className="chip chip-button pager-number" href={href(n)} aria-current={n === listing.number ? 'page' : undefined} aria-label={fill(paging.pageOf, { page: String(n), pages: String(listing.count) })}>
                {n}
              </a>
            </li>
          ),
        )}
        {listing.next && (
          <li>
            <a className="button button-secondary pager-step" href={listing.next} rel="next">
              {paging.next} <SvgIcon markup={assets.icon('arrow-right')} size={18} />
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

export { australianDate };

export const page: KindModule<'blog'> = {
  Page: BlogPage,
};
