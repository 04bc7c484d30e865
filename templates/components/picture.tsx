import type { CSSProperties } from 'react';
import type { Image } from '../../generator/content/types.ts';
import { useRender } from '../context.ts';

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
  const asset = assets.image(image.src);
  const style: CSSProperties | undefined = asset.placeholder ? { background: asset.placeholder, backgroundSize: 'cover' } : undefined;
  const img = (
    <img
      src={asset.src}
      srcSet={asset.srcset}
      sizes={asset.srcset ? sizes : undefined}
      width={asset.width}
      height={asset.height}
      alt={image.alt}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={asset.sources.length ? undefined : className}
      style={asset.sources.length ? undefined : style}
    />
  );
  if (!asset.sources.length) return img;
  return (
    <picture className={className} style={style}>
      {asset.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/** A country flag, 24x18, from the site's own copy of flag-icons. */
export function Flag({ countryCode, label = '' }: { countryCode: string; label?: string }) {
  const { assets } = useRender();
  const flag = assets.flag(countryCode);
  return <img className="flag" src={flag.src} width={flag.width} height={flag.height} alt={label} loading="lazy" decoding="async" />;
}
