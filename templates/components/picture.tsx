import type { Image } from '../../generator/content/types.ts';
import { useRender } from '../context.ts';
import { PictureMarkup } from '../../islands/lib/markup.tsx';

export interface PictureProps {
  image: Image;
  /** The layout width the image is shown at, for the browser's choice of size. */
  sizes?: string;
  /** Above the fold: loaded eagerly; `priority` marks the page's largest such image. */
  eager?: boolean;
  priority?: boolean;
  className?: string;
}

/** An image from assets/images with its size, modern formats, placeholder and loading behaviour. */
export function Picture({ image, sizes = '100vw', eager = false, priority = false, className }: PictureProps) {
  const { assets } = useRender();
  return <PictureMarkup image={{ ...assets.image(image.src), alt: image.alt }} sizes={sizes} eager={eager} priority={priority} className={className} />;
}

/** A country flag, 24x18, from the site's own copy of flag-icons. */
export function Flag({ countryCode, label = '' }: { countryCode: string; label?: string }) {
  const { assets } = useRender();
  const flag = assets.flag(countryCode);
  return <img className="flag" src={flag.src} srcSet={flag.srcset} width={flag.width} height={flag.height} alt={label} loading="lazy" decoding="async" />;
}
