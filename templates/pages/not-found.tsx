import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import type { KindModule } from './index.ts';

export function NotFoundPage() {
  const { site } = useRender();
  const copy = site.pages['not-found'];
  // The address is only known in the browser: site.ts logs it and, under /blog/, puts the missing post's words in.
  const post = copy.blogPost;
  return (
    <section
      className="section not-found"
      aria-labelledby="page-heading"
      data-not-found=""
      data-blog-heading={post?.heading}
      data-blog-text={post?.text}
    >
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="page-heading">{copy.heading}</h1>
        <p className="lead">{copy.text}</p>
        <a className="button button-primary button-lg" href="/" data-not-found-link="">
          <Icon name="house" size={18} /> {copy.link}
        </a>
        {post && (
          <a className="button button-primary button-lg" href="/blog" data-not-found-blog-link="" hidden>
            <Icon name="arrow-left" size={18} /> {post.link}
          </a>
        )}
      </div>
    </section>
  );
}

export const page: KindModule<'not-found'> = {
  Page: NotFoundPage,
};
