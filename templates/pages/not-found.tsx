import { useRender } from '../context.ts';
import { Icon } from '../components/icon.tsx';
import type { KindModule } from './index.ts';

export function NotFoundPage() {
  const { site } = useRender();
  const copy = site.pages['not-found'];
  return (
    <section className="section not-found" aria-labelledby="page-heading">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 id="page-heading">{copy.heading}</h1>
        <p className="lead">{copy.text}</p>
        <a className="button button-primary button-lg" href="/">
          <Icon name="house" size={18} /> {copy.link}
        </a>
      </div>
    </section>
  );
}

export const page: KindModule<'not-found'> = {
  Page: NotFoundPage,
};
