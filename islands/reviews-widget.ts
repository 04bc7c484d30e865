// The review provider's widget on the home page, rendered by the provider into its container when the
// section comes into view. If the provider cannot be reached, the container keeps its own text.
import { reviewsApi, type ReviewsConfig } from './lib/reviews.ts';

export function mount(element: HTMLElement, config: ReviewsConfig): void {
  void reviewsApi(config).then((api) => {
    const container = element.querySelector<HTMLElement>('[data-review-widget]') ?? element;
    if (!api?.render) return;
    try {
      api.render(container, { businessUnitId: config.businessUnitId });
    } catch (error) {
      console.warn('Review widget failed to render:', error);
    }
  });
}
