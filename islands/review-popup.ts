// The review popup: five seconds after the page loads (not after its island wakes), a card at the bottom left
// shows a random review from the review provider, changing every seven seconds. Closing it hides it for the rest of the session.
// Nothing appears when no review could be loaded.
import { fetchReviews, reviewText, type Review, type ReviewsConfig } from './lib/reviews.ts';
import type { IslandContext } from './runtime/loader.ts';

export const popupDelay = 5000;
export const popupInterval = 7000;
const dismissedKey = 'review-popup-dismissed';

function stars(count: number): string {
  const star = '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"/></svg>';
  return star.repeat(Math.max(0, Math.min(5, Math.round(count))));
}

export function mount(element: HTMLElement, config: ReviewsConfig, context?: IslandContext): void {
  if (sessionStorage.getItem(dismissedKey)) return;
  // Five seconds from the page's load, not from this island's start: it wakes at idle, up to seconds later.
  const loaded = context?.loaded ?? Promise.resolve(performance.now());
  void Promise.all([fetchReviews(config), loaded]).then(([reviews, loadedAt]) => {
    const usable = reviews.filter((r) => reviewText(r));
    if (!usable.length) return;
    setTimeout(() => show(element, usable), Math.max(0, loadedAt + popupDelay - performance.now()));
  });
}

function show(element: HTMLElement, reviews: Review[]): void {
  const card = document.createElement('aside');
  card.className = 'review-popup';
  card.setAttribute('aria-label', 'A customer review');
  card.innerHTML = '<div class="review-popup-stars" role="img"></div><p class="review-popup-text"></p><p class="review-popup-name"></p><button type="button" class="review-popup-close" aria-label="Close review"><svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg></button>';
  let last = -1;
  const fill = () => {
    let pick = Math.floor(Math.random() * reviews.length);
    if (reviews.length > 1 && pick === last) pick = (pick + 1) % reviews.length;
    last = pick;
    const review = reviews[pick];
    const starsElement = card.querySelector<HTMLElement>('.review-popup-stars')!;
    starsElement.innerHTML = stars(review.stars);
    starsElement.setAttribute('aria-label', `Rated ${review.stars} out of 5`);
    card.querySelector('.review-popup-text')!.textContent = reviewText(review);
    card.querySelector('.review-popup-name')!.textContent = review.consumer?.displayName?.trim() || 'Verified Customer';
  };
  fill();
  const timer = setInterval(fill, popupInterval);
  card.querySelector('.review-popup-close')!.addEventListener('click', () => {
    clearInterval(timer);
    card.remove();
    sessionStorage.setItem(dismissedKey, '1');
  });
  element.append(card);
}
