import type { MouseEvent, ReactNode } from 'react';
import { navigate } from './router';

/** An in-app link: a real `<a href>` (open in a new tab works), followed without reloading the page. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={go} className={className}>
      {children}
    </a>
  );
}
