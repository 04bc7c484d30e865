// The review provider, behind one small adapter: its script (from the settings) defines a global with
// init, getProductReviews and createInvitation. Everything here fails quietly with a console warning: a page
// must work when the provider cannot be reached.
import { loadScript } from './third-party.ts';

export interface Review {
  stars: number;
  consumer?: { displayName?: string };
  text?: string;
  content?: string;
}

/** What a review says: its text, or its content where the provider leaves the text empty. */
export function reviewText(review: Review): string {
  return review.text?.trim() || review.content?.trim() || '';
}

export interface ReviewsConfig {
  scriptUrl: string;
  businessUnitId: string;
}

export interface ReviewsApi {
  init(options: { businessUnitId: string }): void;
  getProductReviews(options: { businessUnitId: string; success: (reviews: Review[]) => void; error?: (error: unknown) => void }): void;
  createInvitation(payload: unknown): Promise<unknown> | unknown;
  render?(element: HTMLElement, options: { businessUnitId: string }): void;
}

declare global {
  interface Window {
    ReviewsWidget?: ReviewsApi;
  }
}

let ready: Promise<ReviewsApi | undefined> | undefined;

/** The provider's API, initialised once; undefined (with a warning) when it did not load. */
export function reviewsApi(config: ReviewsConfig): Promise<ReviewsApi | undefined> {
  ready ??= loadScript(config.scriptUrl)
    .then(() => {
      const api = window.ReviewsWidget;
      if (!api) {
        console.warn('Review widget not loaded: the provider script defined no ReviewsWidget.');
        return undefined;
      }
      try {
        api.init({ businessUnitId: config.businessUnitId });
      } catch (error) {
        console.warn('Review widget failed to initialise:', error);
        return undefined;
      }
      return api;
    })
    .catch((error: Error) => {
      console.warn(`Review widget not loaded: ${error.message}`);
      return undefined;
    });
  return ready;
}

export async function fetchReviews(config: ReviewsConfig): Promise<Review[]> {
  const api = await reviewsApi(config);
  if (!api) return [];
  return new Promise((resolve) => {
    try {
      api.getProductReviews({
        businessUnitId: config.businessUnitId,
        success: (reviews) => resolve(Array.isArray(reviews) ? reviews : []),
        error: (error) => {
          console.warn('Reviews could not be fetched:', error);
          resolve([]);
        },
      });
    } catch (error) {
      console.warn('Reviews could not be fetched:', error);
      resolve([]);
    }
  });
}
