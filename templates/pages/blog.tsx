import type { PostEntry } from '../../generator/content/model.ts';
import { australianDate, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { PageHero, Section } from '../components/ui.tsx';

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

function PostCard({ post }: { post: PostEntry }) {
  return (
    <li className="card post-card" data-category={post.category} data-reveal-item="">
      <Picture image={post.image} sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" className="card-image" />
      <div className="card-body">
        <PostMeta post={post} />
        <h3>
          <a href={post.url} className="card-link">
            {post.title}
          </a>
        </h3>
        <p>{post.excerpt}</p>
        <span className="text-link" aria-hidden="true">
          Read more <Icon name="arrow-right" size={16} />
        </span>
      </div>
    </li>
  );
}

export function BlogPage() {
  const { site } = useRender();
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
        <div className="blog-filter" data-blog-filter="">
          <div className="filter-buttons" role="group" aria-label={copy.filterLabel}>
            {categories.map((c) => (
              <button key={c} type="button" className={c === 'All' ? 'chip chip-button active' : 'chip chip-button'} aria-pressed={c === 'All'} data-category={c}>
                {c}
              </button>
            ))}
          </div>
          <ul className="card-grid cols-3 post-grid" role="list">
            {site.posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </ul>
          <div className="empty-state" hidden>
            <Icon name="search-x" />
            <h3>{copy.emptyState.title}</h3>
            <p>{copy.emptyState.text}</p>
            <button type="button" className="button button-secondary" data-category="All">
              {copy.viewAll}
            </button>
          </div>
        </div>
      </Section>
      <Section id="newsletter" tone="tint">
        <div className="newsletter">
          <div>
            <h2>{copy.newsletter.heading}</h2>
            <p>{copy.newsletter.text}</p>
          </div>
          <form className="newsletter-form" action="/blog" method="get" data-newsletter="">
            <label htmlFor="newsletter-email">{copy.newsletter.label}</label>
            <div className="input-row">
              <input id="newsletter-email" name="email" type="email" required autoComplete="email" placeholder="you@example.com" />
              <button type="submit" className="button button-primary">
                {copy.newsletter.button}
              </button>
            </div>
            <p className="muted small">{copy.newsletter.note}</p>
          </form>
        </div>
      </Section>
    </>
  );
}

export { australianDate };
