import type { PostEntry } from '../../generator/content/model.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { australianDate, Render, useRender, type RenderContext } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { PageHero, Section } from '../components/ui.tsx';
import { Island } from '../components/island.tsx';
import BlogFilter from '../../islands/blog-filter.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';
import { CollectionNotice } from '../components/collection-notice.tsx';
import { PictureMarkup, SvgIcon } from '../../islands/lib/markup.tsx';
import type { KindModule } from './index.ts';

export const categories = ['All', 'Immigration', 'Legal', 'Education', 'Translation', 'Business'] as const;

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

export function BlogPage() {
  const context = useRender();
  const { site, assets } = context;
  const copy = site.pages.blog;
  const featured = site.posts.find((p) => p.featured) ?? site.posts[0];
  return (
    <>
      <PageHero eyebrow={copy.hero.eyebrow} heading={copy.hero.heading} text={copy.hero.text} compact />
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
      <Section id="posts" heading="All posts">
        <Island
          name="blog-filter"
          wake="visible"
          watch="post-grid"
          component={BlogFilter}
          props={{
            grid: 'post-grid',
            categories: [...categories],
            counts: Object.fromEntries(categories.filter((c) => c !== 'All').map((c) => [c, site.posts.filter((p) => p.category === c).length])),
            labels: { filter: copy.filterLabel, emptyTitle: copy.emptyState.title, emptyText: copy.emptyState.text, viewAll: copy.viewAll },
            icons: { empty: assets.icon('search-x') },
          }}
        />
        <ul id="post-grid" className="card-grid cols-3 post-grid" role="list" hidden={site.posts.length === 0} dangerouslySetInnerHTML={{ __html: cardsMarkup(context, site.posts) }} />
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

export { australianDate };

export const page: KindModule<'blog'> = {
  Page: BlogPage,
};
