// The blog's posts with a category filter: All by default, then exact category matches, with an empty state
// and a way back to all posts. Without scripts every post is listed and the filter is not shown.
import { useState } from 'react';
import { PictureMarkup, SvgIcon, type PictureData } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';

export interface BlogCard {
  slug: string;
  url: string;
  title: string;
  excerpt: string;
  category: string;
  date: string;
  isoDate: string;
  author: string;
  image: PictureData;
}

export interface BlogFilterProps {
  posts: BlogCard[];
  categories: string[];
  labels: { filter: string; emptyTitle: string; emptyText: string; viewAll: string; readMore: string };
  icons: { arrow: string; empty: string };
}

export default function BlogFilter({ posts, categories, labels, icons }: BlogFilterProps) {
  const ready = useReady();
  const [category, setCategory] = useState('All');
  const shown = category === 'All' ? posts : posts.filter((p) => p.category === category);
  return (
    <div className="blog-filter">
      <div className="filter-buttons" role="group" aria-label={labels.filter} hidden={!ready}>
        {categories.map((c) => (
          <button key={c} type="button" className="chip chip-button" aria-pressed={c === category} onClick={() => setCategory(c)}>
            {c}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {ready && category !== 'All' ? `${shown.length} ${shown.length === 1 ? 'post' : 'posts'} in ${category}` : ''}
      </p>
      {shown.length > 0 ? (
        <ul className="card-grid cols-3 post-grid" role="list">
          {shown.map((post) => (
            <li key={post.slug} className="card post-card">
              <PictureMarkup image={post.image} sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" className="card-image" />
              <div className="card-body">
                <p className="post-meta">
                  <span className="category-badge">{post.category}</span>
                  <time dateTime={post.isoDate}>{post.date}</time>
                  <span>{post.author}</span>
                </p>
                <h3>
                  <a href={post.url} className="card-link">
                    {post.title}
                  </a>
                </h3>
                <p>{post.excerpt}</p>
                <span className="text-link" aria-hidden="true">
                  {labels.readMore} <SvgIcon markup={icons.arrow} size={16} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <SvgIcon markup={icons.empty} />
          <h3>{labels.emptyTitle}</h3>
          <p>{labels.emptyText}</p>
          <button type="button" className="button button-secondary" onClick={() => setCategory('All')}>
            {labels.viewAll}
          </button>
        </div>
      )}
    </div>
  );
}
