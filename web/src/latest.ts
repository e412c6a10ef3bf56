import { useRef } from 'react';

/**
 * A guard for loads that can overlap: `latest(p)` settles as `p` does only if no later call was made
 * meanwhile, and never otherwise. A page's first load (everything) answering after the find sent
 * after it would show the wrong list, and a click aimed at the found row would land on another.
 */
export function useLatest(): <T>(answer: Promise<T>) => Promise<T> {
  const asked = useRef(0);
  return <T>(answer: Promise<T>) => {
    const n = ++asked.current;
    const stale = new Promise<never>(() => {});
    return answer.then(
      (v) => (n === asked.current ? v : stale),
      (e: unknown) => (n === asked.current ? Promise.reject(e) : stale),
    );
  };
}
