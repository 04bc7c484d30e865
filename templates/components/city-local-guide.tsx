import type { CityEntry } from '../../generator/content/model.ts';
import { Icon } from './icon.tsx';
import { Section } from './ui.tsx';

/** The city's own reasons for needing translations, and the local places that ask for them. */
export function CityLocalGuide({ city }: { city: CityEntry }) {
  const guide = city.localGuide;
  if (!guide) return null;
  return (
    <Section id="local-guide" heading={guide.heading}>
      <div className="two-col local-guide">
        <div className="prose">
          {guide.paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        <div className="card local-places">
          <h3 id="local-places-heading">Places {city.inCity} that ask for translations</h3>
          <ul role="list" aria-labelledby="local-places-heading">
            {guide.places.map((place) => (
              <li key={place.name}>
                <Icon name="map-pin" size={18} />
                <span>
                  <strong>{place.name}</strong> {place.note}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
