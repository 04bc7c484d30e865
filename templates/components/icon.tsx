import { useRender } from '../context.ts';

/** A Lucide icon inlined as SVG. Decorative unless given a label. */
export function Icon({ name, label, className, size = 24 }: { name: string; label?: string; className?: string; size?: number }) {
  const { assets } = useRender();
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      dangerouslySetInnerHTML={{ __html: assets.icon(name) }}
    />
  );
}
