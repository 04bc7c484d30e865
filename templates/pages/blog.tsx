import type { PostEntry } from '../../generator/content/model.ts';
import { australianDate, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { PageHero, Section } from '../components/ui.tsx';
import { Island } from '../components/island.tsx';
import BlogFilter from '../../islands/blog-filter.tsx';
import { NewsletterForm } from '../components/newsletter-form.tsx';

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

export function BlogPage() {
  const { site, assets } = useRender();
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
          component={BlogFilter}
          props={{
            posts: site.posts.map((p) => ({
              slug: p.slug,
              url: p.url,
              title: p.title,
              excerpt: p.excerpt,
              category: p.category,
              date: p.date,
              isoDate: p.isoDate,
              author: p.author,
              image: { ...assets.image(p.image.src), alt: p.image.alt },
            })),
            categories: [...categories],
            labels: { filter: copy.filterLabel, emptyTitle: copy.emptyState.title, emptyText: copy.emptyState.text, viewAll: copy.viewAll, readMore: 'Read more' },
            icons: { arrow: assets.icon('arrow-right'), empty: assets.icon('search-x') },
          }}
        />
      </Section>
      <Section id="newsletter" tone="tint">
        <div className="newsletter">
          <div>
            <h2>{copy.newsletter.heading}</h2>
            <p>{copy.newsletter.text}</p>
          </div>
          <Island name="newsletter" wake="visible" props={{}}>
            <NewsletterForm copy={copy.newsletter} />
          </Island>
        </div>
      </Section>
    </>
  );
}

export { australianDate };
