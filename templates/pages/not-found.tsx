import type { ReactNode } from 'react';
import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import type { KindModule } from './index.ts';

export function NotFoundPage() {
  const { site, page } = useRender();
  const copy = site.pages['not-found'];
  const post = copy.blogPost;
  // The blog's own not-found page, which the host sends at a post's address that names no post: its words need no script.
  if (page.kind === 'not-found' && page.listing.post && post) {
    return (
      <NotFound heading={post.heading} text={post.text}>
        <LowercaseOffer text={copy.lowercase} />
        <a className="button button-primary button-lg" href="/blog">
          <Icon name="arrow-left" size={18} /> {post.link}
        </a>
      </NotFound>
    );
  }
  // The address is only known in the browser: site.ts logs it, under /blog/ puts the missing post's words in
  // (where the host sends this page there, as `site serve` without its _redirects would), and for an address
  // with capitals links the page at it in small letters, when there is one (on the blog's page above too).
  return (
    <NotFound heading={copy.heading} text={copy.text} blog={post}>
      <LowercaseOffer text={copy.lowercase} />
      <a className="button button-primary button-lg" href="/" data-not-found-link="">
        <Icon name="house" size={18} /> {copy.link}
      </a>
      {post && (
        <a className="button button-primary button-lg" href="/blog" data-not-found-blog-link="" hidden>
          <Icon name="arrow-left" size={18} /> {post.link}
        </a>
      )}
    </NotFound>
  );
}

/** Hidden until site.ts finds a page at the address in small letters, and links it here. */
function LowercaseOffer({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p data-not-found-lowercase="" hidden>
      {text} <a href="/">/</a>
    </p>
  );
}

function NotFound({ heading, text, blog, children }: { heading: string; text: string; blog?: { heading: string; text: string }; children: ReactNode }) {
  return (
    <section className="section not-found" aria-labelledby="page-heading" data-not-found="" data-blog-heading={blog?.heading} data-blog-text={blog?.text}>
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="page-heading">{heading}</h1>
        <p className="lead">{text}</p>
        {children}
      </div>
    </section>
  );
}

export const page: KindModule<'not-found'> = {
  Page: NotFoundPage,
};
