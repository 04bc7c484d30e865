import { useEffect, useState } from 'react';

/**
 * False during the server render and the first browser render (so hydration matches), true once the island
 * runs. Controls that need JavaScript render `hidden` until then: without scripts nobody sees a dead button.
 */
export function useReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}
