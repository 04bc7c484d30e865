// Testimonials, one at a time, with previous and next buttons and a dot per slide; it wraps around, and
// after each change navigation rests for 500 ms. Without scripts the slides are a row to scroll through.
import { useRef, useState } from 'react';
import { SvgIcon } from './lib/markup.tsx';
import { useReady } from './lib/use-ready.ts';

export interface Testimonial {
  id: string;
  content: string;
  author: string;
  position: string;
  rating: number;
}

export interface CarouselProps {
  testimonials: Testimonial[];
  label: string;
  icons: { previous: string; next: string };
}

export const lockMs = 500;

const star = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export default function TestimonialCarousel({ testimonials, label, icons }: CarouselProps) {
  const ready = useReady();
  const [index, setIndex] = useState(0);
  const locked = useRef(false);
  const count = testimonials.length;
  const go = (next: number) => {
    if (locked.current || count === 0) return;
    locked.current = true;
    setIndex(((next % count) + count) % count);
    setTimeout(() => (locked.current = false), lockMs);
  };
  return (
    <section className={ready ? 'carousel carousel-ready' : 'carousel'} aria-roledescription="carousel" aria-label={label} onKeyDown={(e) => (e.key === 'ArrowLeft' ? go(index - 1) : e.key === 'ArrowRight' ? go(index + 1) : undefined)}>
      <div className="carousel-viewport">
        {/* Without the script the slides are a row to scroll: focusable, so keyboards can scroll it too. */}
        <div className="carousel-track" style={ready ? { transform: `translateX(-${index * 100}%)` } : undefined} tabIndex={ready ? undefined : 0} role={ready ? undefined : 'region'} aria-label={ready ? undefined : `${label}: scroll sideways for more`}>
          {testimonials.map((t, i) => (
            <div key={t.id} className="card testimonial" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} aria-hidden={ready && i !== index ? true : undefined} inert={ready && i !== index ? true : undefined}>
              <span className="stars" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: 5 }, (_, s) => (
                  <svg key={s} width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" className={s < t.rating ? 'star-on' : 'star-off'}>
                    <path d={star} fill="currentColor" />
                  </svg>
                ))}
              </span>
              <blockquote>
                <p>{t.content}</p>
              </blockquote>
              <p className="testimonial-author">
                <span className="avatar" aria-hidden="true">
                  {t.author.slice(0, 1)}
                </span>
                <span>
                  <strong>{t.author}</strong>
                  <span>{t.position}</span>
                </span>
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls" hidden={!ready}>
        <button type="button" className="icon-button carousel-button" aria-label="Previous testimonial" onClick={() => go(index - 1)}>
          <SvgIcon markup={icons.previous} />
        </button>
        <div className="carousel-dots">
          {testimonials.map((t, i) => (
            <button key={t.id} type="button" className="carousel-dot" aria-label={`Show testimonial ${i + 1} of ${count}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)} />
          ))}
        </div>
        <button type="button" className="icon-button carousel-button" aria-label="Next testimonial" onClick={() => go(index + 1)}>
          <SvgIcon markup={icons.next} />
        </button>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {ready ? `Testimonial ${index + 1} of ${count}: ${testimonials[index]?.author}` : ''}
      </p>
    </section>
  );
}
