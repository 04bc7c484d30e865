import type { PostEntry } from '../../generator/content/model.ts';
import type { Head } from '../../generator/routes.ts';
import { absolute, fill, useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import { Picture } from '../components/picture.tsx';
import { CallToAction, JsonLd } from '../components/ui.tsx';
import { breadcrumbs, graph } from '../structured-data.ts';
import { PostMeta } from './blog.tsx';
import { blogCategories, categoryPath } from './blog-pages.ts';
import type { KindModule } from './index.ts';

/** A post's head: its own SEO copy, or its title and excerpt. */
export function postHead(data: { entry: PostEntry }): Head {
  const post = data.entry;
  return { title: post.seo?.title ?? post.title, description: post.seo?.description ?? post.excerpt, keywords: post.seo?.keywords };
}

export function PostPage({ data }: { data: { entry: PostEntry } }) {
  const { site, assets, markdown } = useRender();
  const post = data.entry;
  const copy = site.pages.blog.article;
  const html = markdown.get(post.body) ?? '';
  const words = post.words;
  const others: PostEntry[] = [];
  for (const other of site.posts) {
    if (others.length === 3) break;
    if (other.slug !== post.slug) others.push(other);
  }
  return (
    <>
      <article className="article">
        <header className="article-header container narrow">
          <a className="text-link back-link" href="/blog">
            <Icon name="arrow-left" size={16} /> {copy?.backLink ?? 'Back to all posts'}
          </a>
          <h1 id="page-heading">{post.title}</h1>
          <PostMeta post={post} />
          <p className="muted small">{Math.max(1, Math.round(words / 220))} min read</p>
        </header>
        <div className="container narrow">
          <Picture image={post.image} sizes="(min-width: 800px) 760px, 100vw" eager priority className="article-image" />
          <div className="prose article-body" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      </article>
      {others.length > 0 && (
        <section className="section" aria-labelledby="more-heading">
          <div className="container">
            <h2 id="more-heading">More guides</h2>
            <ul className="link-list" role="list">
              {others.map((p) => (
                <li key={p.slug}>
                  <a href={p.url}>{p.title}</a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <CallToAction heading={copy?.cta.heading ?? 'Need a certified translation?'} text={copy?.cta.text ?? ''} button={copy?.cta.button ?? site.shared.orderCta.getStarted} />
      <JsonLd
        data={graph(
          {
            '@type': 'BlogPosting',
            headline: post.title,
            description: post.excerpt,
            datePublished: post.isoDate,
            dateModified: post.isoUpdated,
            author: { '@type': 'Person', name: post.authorName },
            publisher: { '@type': 'Organization', name: site.settings.name, logo: { '@type': 'ImageObject', url: `${site.settings.baseUrl}${assets.icons.png512}` } },
            mainEntityOfPage: absolute(site, post.url),
            articleSection: post.category,
            wordCount: words,
            image: `${site.settings.baseUrl}${assets.image(post.image.src).src}`,
          },
          breadcrumbs(site, [
            { label: 'Home', href: '/' },
            { label: 'Blog', href: '/blog' },
            { label: post.title, href: post.url },
          ]),
        )}
      />
    </>
  );
}

export const page: KindModule<'post'> = {
  Page: PostPage,
  head: postHead,
  // Each category with posts by its first page (as sitemap.xml lists it; an empty one is not indexed), then the posts.
  listing: {
    heading: 'Blog',
    position: 3,
    links: (site) => [
      ...blogCategories(site)
        .filter((name) => site.posts.some((p) => p.category === name))
        .map((name) => ({ label: fill(site.pages.blog.paging.categoryHeading, { category: name }), href: categoryPath(name) })),
      ...site.posts.map((p) => ({ label: p.title, href: p.url })),
    ],
  },
};
